export function AdminProblemsPage() {
  return <h1>AdminProblemsPage</h1>;
}

export default AdminProblemsPage;
