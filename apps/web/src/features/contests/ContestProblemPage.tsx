export function ContestProblemPage() {
  return <h1>ContestProblemPage</h1>;
}

export default ContestProblemPage;
