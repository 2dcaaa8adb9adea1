export function ContestDetailPage() {
  return <h1>ContestDetailPage</h1>;
}

export default ContestDetailPage;
