export function AdminUsersPage() {
  return <h1>AdminUsersPage</h1>;
}

export default AdminUsersPage;
