export function AuthPage() {
  return <h1>AuthPage</h1>;
}

export default AuthPage;
