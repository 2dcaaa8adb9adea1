export function LeaderboardPage() {
  return <h1>LeaderboardPage</h1>;
}

export default LeaderboardPage;
