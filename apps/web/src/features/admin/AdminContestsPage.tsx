export function AdminContestsPage() {
  return <h1>AdminContestsPage</h1>;
}

export default AdminContestsPage;
