/** How far one contest can move a rating: the most a player gains or loses against a whole field. */
export const RATING_K = 80;

export interface RatedPlayer {
  userId: string;
  rating: number;
  /** 1-based place; tied players share the average of their places. */
  rank: number;
}

/**
 * Elo-style expected-rank update. A player's expected rank is 1 plus the chance each other player
 * finishes ahead (the Elo win probability); the change is K times the places gained over that
 * expectation, averaged over the opponents. The changes sum to about zero across the field.
 */
export function eloRatingChanges(players: RatedPlayer[], k = RATING_K): Map<string, number> {
  const changes = new Map<string, number>();
  const opponents = players.length - 1;
  for (const p of players) {
    if (opponents === 0) {
      changes.set(p.userId, 0);
      continue;
    }
    let expectedRank = 1;
    for (const q of players) {
      if (q !== p) expectedRank += 1 / (1 + 10 ** ((p.rating - q.rating) / 400));
    }
    changes.set(p.userId, Math.round((k * (expectedRank - p.rank)) / opponents));
  }
  return changes;
}

/** Places for standings already sorted best first; `sameAs(a, b)` says two neighbours tie. */
export function sharedRanks<T>(sorted: T[], sameAs: (a: T, b: T) => boolean): number[] {
  const ranks: number[] = new Array(sorted.length);
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sameAs(sorted[start], sorted[end + 1])) end++;
    const average = (start + 1 + end + 1) / 2;
    for (let i = start; i <= end; i++) ranks[i] = average;
    start = end + 1;
  }
  return ranks;
}
