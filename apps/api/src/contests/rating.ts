/**
 * Contest ratings by the Codeforces method (Mike Mirzayanov, "Open Codeforces Rating System", 2015),
 * chosen over Elo-MMR because it is public, widely understood by contest users (the numbers mean what
 * they mean on Codeforces), needs only each player's current rating (no per-player history or
 * uncertainty to store), and is easy to check by hand on small cases. See contests/RATINGS.md.
 *
 * For each player: the expected place (seed) is 1 plus the Elo chance that each other player finishes
 * ahead; the target place is the geometric mean of the seed and the actual place; the rating whose seed
 * equals that target is found by binary search, and the change is half the way to it. Two corrections
 * keep the sum near zero: every change moves by -(sum / n) - 1, then the top 4·√n by rating share at
 * most -10 more so that the best-rated do not inflate.
 */

export interface RatedPlayer {
  userId: string;
  rating: number;
  /** 1-based place; tied players share the average of their places. */
  rank: number;
}

/** The chance that a player rated `a` finishes ahead of one rated `b`. */
export function winProbability(a: number, b: number): number {
  return 1 / (1 + 10 ** ((b - a) / 400));
}

const LOWEST_SEARCHED = 1;
const HIGHEST_SEARCHED = 8000;
/** The largest correction applied to the best-rated players (Codeforces: 10). */
const TOP_CORRECTION_LIMIT = 10;

/** Integer division truncated toward zero, as the published Java reference does it. */
const div = (a: number, b: number) => Math.trunc(a / b);

export function codeforcesRatingChanges(players: RatedPlayer[]): Map<string, number> {
  const changes = new Map<string, number>();
  const n = players.length;
  if (n < 2) {
    for (const p of players) changes.set(p.userId, 0);
    return changes;
  }
  /** Expected place of a player rated `rating` against everyone but `self`. */
  const seedOf = (rating: number, self: RatedPlayer) => {
    let seed = 1;
    for (const q of players) if (q !== self) seed += winProbability(q.rating, rating);
    return seed;
  };
  /** The highest rating whose expected place is still at or behind `place`. */
  const ratingForPlace = (place: number, self: RatedPlayer) => {
    let low = LOWEST_SEARCHED;
    let high = HIGHEST_SEARCHED;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (seedOf(mid, self) < place) high = mid;
      else low = mid;
    }
    return low;
  };
  const delta = new Map<RatedPlayer, number>();
  for (const p of players) {
    const target = Math.sqrt(p.rank * seedOf(p.rating, p));
    delta.set(p, div(ratingForPlace(target, p) - p.rating, 2));
  }
  const sum = [...delta.values()].reduce((a, b) => a + b, 0);
  const everyone = div(-sum, n) - 1;
  for (const p of players) delta.set(p, delta.get(p)! + everyone);
  const byRating = [...players].sort((a, b) => b.rating - a.rating);
  const topCount = Math.min(n, 4 * Math.round(Math.sqrt(n)));
  const topSum = byRating.slice(0, topCount).reduce((a, p) => a + delta.get(p)!, 0);
  const top = Math.min(Math.max(div(-topSum, topCount), -TOP_CORRECTION_LIMIT), 0);
  for (const p of players) changes.set(p.userId, delta.get(p)! + top);
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
