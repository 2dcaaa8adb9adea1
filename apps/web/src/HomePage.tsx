export function HomePage() {
  return (
    <main>
      <h1>Javelin</h1>
      <p>Practice competitive programming in Java.</p>
    </main>
  );
}
