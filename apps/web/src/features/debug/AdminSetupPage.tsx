export function AdminSetupPage() {
  return <h1>AdminSetupPage</h1>;
}

export default AdminSetupPage;
