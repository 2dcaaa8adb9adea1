export function DebugAuthPage() {
  return <h1>DebugAuthPage</h1>;
}

export default DebugAuthPage;
