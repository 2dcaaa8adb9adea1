import type { ContestFormat } from '@javelin/contracts';

/** What places a participant on a contest's board (the last accept's time in epoch milliseconds). */
export interface StandingKey {
  score: number;
  problemsSolved: number;
  penalty?: number;
  /** ICPC: the last accept; points: the last score-raising accept. Null without one. */
  lastAt: number | null;
}

/**
 * The one ranking rule of a contest's board: negative when `a` ranks above `b`, positive when below,
 * 0 when they tie (the board then orders by user id; the CLICS scoreboard gives them one rank).
 * ICPC: more solved, then less penalty, then the earlier last accept. Points: more score, then the
 * earlier last score-raising accept. IOI: more score; equal scores tie (they share a rank).
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
