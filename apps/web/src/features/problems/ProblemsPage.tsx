export function ProblemsPage() {
  return <h1>ProblemsPage</h1>;
}

export default ProblemsPage;
