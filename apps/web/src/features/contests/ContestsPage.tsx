export function ContestsPage() {
  return <h1>ContestsPage</h1>;
}

export default ContestsPage;
