import type { ContestFormat } from '@javelin/contracts';

const MINUTE_MS = 60_000;

/**
 * The ICPC rule's clock (2023-06 CCS requirements, Scoring 1, 5 and 6): whole minutes from the start
 * (the contest's, or a virtual run's own) to `at`, both epoch milliseconds. Penalty, cells and the
 * last accept that breaks a tie all count in these minutes: two last accepts in one minute tie.
 */
export function contestMinute(at: number, start: number): number {
  return Math.floor((at - start) / MINUTE_MS);
}

/** contestMinute in SQL: whole minutes from the timestamp `start` to the timestamp `at` (null stays null). */
export function contestMinuteSql(at: string, start: string): string {
  return `floor(extract(epoch FROM ${at} - ${start}) / 60)::int`;
}

/** What places a participant on a contest's board. */
export interface StandingKey {
  score: number;
  problemsSolved: number;
  penalty?: number;
  /**
   * ICPC: the last accept in contest minutes (contestMinute); points: the last score-raising accept
   * in epoch milliseconds. Null without one.
   */
  lastAt: number | null;
}

/**
 * The one ranking rule of a contest's board: negative when `a` ranks above `b`, positive when below,
 * 0 when they tie (they share a rank on the ICPC and IOI boards, which order them by user id, and on
 * the CLICS scoreboard). ICPC: more solved, then less penalty, then the earlier last accept's minute.
 * Points: more score, then the earlier last score-raising accept. IOI: more score; equal scores tie.
 */
export function compareStandings(format: ContestFormat, a: StandingKey, b: StandingKey): number {
  if (format === 'ioi') return b.score - a.score;
  if (format === 'icpc') {
    if (a.problemsSolved !== b.problemsSolved) return b.problemsSolved - a.problemsSolved;
    const [pa, pb] = [a.penalty ?? 0, b.penalty ?? 0];
    if (pa !== pb) return pa - pb;
  } else if (a.score !== b.score) return b.score - a.score;
  if (a.lastAt === b.lastAt) return 0;
  if (a.lastAt === null) return 1;
  if (b.lastAt === null) return -1;
  return a.lastAt - b.lastAt;
}

/** Whether ties share a rank on the format's board (points: every row has its own place). */
export function sharesRanks(format: ContestFormat): boolean {
  return format !== 'points';
}

/**
 * The ranks of rows already sorted best first, from rank 1: a row that ties the one before it
 * (compareStandings is 0) shares its rank, the next after a tie skips (1, 1, 3); the points format
 * ranks by place.
 */
export function ranksOf<T>(
  format: ContestFormat,
  sorted: readonly T[],
  keyOf: (row: T) => StandingKey,
): number[] {
  const ranks: number[] = [];
  sorted.forEach((row, i) => {
    const tied =
      i > 0 && sharesRanks(format) && compareStandings(format, keyOf(sorted[i - 1]), keyOf(row)) === 0;
    ranks.push(tied ? ranks[i - 1] : i + 1);
  });
  return ranks;
}
