export function ProblemPage() {
  return <h1>ProblemPage</h1>;
}

export default ProblemPage;
