import {
  bestOfGroups,
  isScoring,
  type ContestFormat,
  type ContestLeaderboardEntry,
  type ScoreboardCell,
  type TestGroup,
} from '@javelin/contracts';
import { compareStandings, contestMinute, ranksOf, type StandingKey } from './ranking';

/** One real participant's cell at a moment of the contest, with what the freeze lets others see of it. */
export interface RealCell {
  userId: string;
  problemId: string;
  solvedAt: Date | null;
  points: number;
  /** Rejected tries before the accept (all of them while unsolved). */
  attempts: number;
  /** The same, counting only tries before the freeze. */
  visibleAttempts: number;
  /** Tries at or after the freeze, up to the accept. */
  pending: number;
  /** The IOI score (issue 31): best per group over the tries, and the same before the freeze. */
  score?: number;
  visibleScore?: number;
}

/** One counted try of a virtual run (compile errors are never counted). */
export interface VirtualTry {
  problemId: string;
  accepted: boolean;
  at: Date;
  /** The groups this try earned (a scoring problem, issue 31). */
  earned?: string[];
}

/** What the board needs of its contest. */
export interface BoardSetting {
  format: ContestFormat;
  penaltyMinutes: number;
  /** Minute 0 of every cell. */
  startTime: Date;
  /** Problems in contest order with their points (and a scoring problem's groups, issue 31). */
  problems: readonly { problemId: string; points: number; testGroups?: TestGroup[] }[];
  /** When the contest is still frozen, the freeze: results from then on show as pending. Null otherwise. */
  freezeAt: Date | null;
}

/** A cell on the contest's own timeline, as the board shows it. */
export interface BoardCell {
  problemId: string;
  points: number;
  /** On the contest's timeline (a virtual try is moved there from its run's start). */
  acceptedAt: Date | null;
  attempts: number;
  pending: number;
  /** IOI contests (issue 31): the cell's score, the best of each group, or the points once accepted. */
  score?: number;
}

export interface BoardRowInput {
  userId: string;
  username: string;
  fullName: string;
  cells: BoardCell[];
  virtual: boolean;
}

interface Totals {
  input: BoardRowInput;
  score: number;
  solved: number;
  penalty: number;
  /** The last accept that raised the score (points format tie-break), epoch ms. */
  lastImproved: number | null;
  /** The last accept's contest minute (ICPC tie-break): a virtual run's, from its own start. */
  lastAccepted: number | null;
}

/** Real cells as everyone may see them: all of them, or, while frozen, what came before the freeze. */
export function realBoardCells(setting: BoardSetting, cells: readonly RealCell[]): Map<string, BoardCell[]> {
  const freeze = setting.freezeAt?.getTime() ?? null;
  const byUser = new Map<string, BoardCell[]>();
  for (const c of cells) {
    const solved = c.solvedAt?.getTime() ?? null;
    const hidden = freeze !== null && solved !== null && solved >= freeze;
    const cell: BoardCell =
      freeze === null
        ? {
            problemId: c.problemId,
            points: c.points,
            acceptedAt: c.solvedAt,
            attempts: c.attempts,
            pending: 0,
            ...(setting.format === 'ioi' ? { score: c.score ?? 0 } : {}),
          }
        : {
            problemId: c.problemId,
            points: c.points,
            acceptedAt: hidden ? null : c.solvedAt,
            attempts: c.visibleAttempts,
            pending: Math.max(c.pending, hidden ? 1 : 0),
            ...(setting.format === 'ioi' ? { score: c.visibleScore ?? 0 } : {}),
          };
    byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), cell]);
  }
  return byUser;
}

/**
 * A virtual run's cells, scored as a live participant's are: the first accept of a problem counts,
 * with the rejected tries before it; its time is moved onto the contest's timeline from the run's start.
 */
export function virtualBoardCells(
  setting: BoardSetting,
  tries: readonly VirtualTry[],
  runStartedAt: Date,
): BoardCell[] {
  const shift = setting.startTime.getTime() - runStartedAt.getTime();
  const problems = new Map(setting.problems.map((p) => [p.problemId, p]));
  const cells = new Map<string, BoardCell>();
  const earned = new Map<string, string[][]>();
  for (const t of [...tries].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const problem = problems.get(t.problemId);
    const cell = cells.get(t.problemId) ?? {
      problemId: t.problemId,
      points: problem?.points ?? 0,
      acceptedAt: null,
      attempts: 0,
      pending: 0,
    };
    cells.set(t.problemId, cell);
    // IOI (issue 31): best per group over the tries; a problem without groups scores its points once accepted.
    const sets = [...(earned.get(t.problemId) ?? []), t.earned ?? []];
    earned.set(t.problemId, sets);
    if (setting.format === 'ioi')
      cell.score = isScoring(problem?.testGroups)
        ? bestOfGroups(problem.testGroups, sets)
        : Math.max(cell.score ?? 0, t.accepted ? cell.points : 0);
    if (cell.acceptedAt !== null) continue;
    if (t.accepted) cell.acceptedAt = new Date(t.at.getTime() + shift);
    else cell.attempts++;
  }
  return [...cells.values()];
}

function totals(setting: BoardSetting, input: BoardRowInput): Totals {
  const start = setting.startTime.getTime();
  // IOI: the sum of the cells' scores, accepted or not.
  let score = setting.format === 'ioi' ? input.cells.reduce((sum, c) => sum + (c.score ?? 0), 0) : 0;
  let solved = 0;
  let penalty = 0;
  let lastImproved: number | null = null;
  let lastAccepted: number | null = null;
  for (const cell of input.cells) {
    if (cell.acceptedAt === null) continue;
    const at = cell.acceptedAt.getTime();
    if (setting.format !== 'ioi') score += cell.points;
    solved++;
    const minute = contestMinute(at, start);
    penalty += minute + setting.penaltyMinutes * cell.attempts;
    if (cell.points > 0) lastImproved = Math.max(lastImproved ?? at, at);
    lastAccepted = Math.max(lastAccepted ?? minute, minute);
  }
  return { input, score, solved, penalty, lastImproved, lastAccepted };
}

/** A row's key for the contest's ranking rule (ranking.ts), as the maintained standings rank it. */
function keyOf(format: ContestFormat) {
  return (t: Totals): StandingKey => ({
    score: t.score,
    problemsSolved: t.solved,
    penalty: t.penalty,
    lastAt: format === 'icpc' ? t.lastAccepted : t.lastImproved,
  });
}

/** The contest's order (as the maintained standings sort): its ranking rule, then the id within a tie. */
function compare(format: ContestFormat) {
  const key = keyOf(format);
  return (a: Totals, b: Totals): number => {
    const primary = compareStandings(format, key(a), key(b));
    if (primary !== 0) return primary;
    return a.input.userId < b.input.userId ? -1 : a.input.userId > b.input.userId ? 1 : 0;
  };
}

/**
 * Ranks real rows and virtual rows together, as one contest. The points format lists participants
 * with an accept (as the contest board does), a virtual row always; ICPC lists everyone with a
 * counted try. First solves are marked among every row shown.
 */
export function rankBoard(setting: BoardSetting, rows: readonly BoardRowInput[]): ContestLeaderboardEntry[] {
  const ranked = rows
    .map((r) => totals(setting, r))
    .filter((t) => setting.format !== 'points' || t.solved > 0 || t.input.virtual)
    .sort(compare(setting.format));
  const firsts = new Map<string, { at: number; userId: string; virtual: boolean }>();
  for (const t of ranked) {
    for (const cell of t.input.cells) {
      if (cell.acceptedAt === null) continue;
      const at = cell.acceptedAt.getTime();
      const best = firsts.get(cell.problemId);
      if (!best || at < best.at || (at === best.at && t.input.userId < best.userId))
        firsts.set(cell.problemId, { at, userId: t.input.userId, virtual: t.input.virtual });
    }
  }
  const order = new Map(setting.problems.map((p, i) => [p.problemId, i]));
  const start = setting.startTime.getTime();
  // ICPC and IOI: rows the ranking rule ties share a rank (the first place among them).
  const ranks = ranksOf(setting.format, ranked, keyOf(setting.format));
  return ranked.map((t, i) => {
    const cells: ScoreboardCell[] = [...t.input.cells]
      .filter((c) => order.has(c.problemId))
      .sort((a, b) => order.get(a.problemId)! - order.get(b.problemId)!)
      .map((c) => {
        const first = firsts.get(c.problemId);
        return {
          problemId: c.problemId,
          attempts: c.attempts,
          acceptedAtMinutes: c.acceptedAt === null ? null : contestMinute(c.acceptedAt.getTime(), start),
          pending: c.pending,
          firstSolve:
            c.acceptedAt !== null &&
            first !== undefined &&
            first.userId === t.input.userId &&
            first.virtual === t.input.virtual,
          ...(setting.format === 'ioi' ? { score: c.score ?? 0 } : {}),
        };
      });
    return {
      userId: t.input.userId,
      username: t.input.username,
      fullName: t.input.fullName,
      score: t.score,
      problemsSolved: t.solved,
      rank: ranks[i],
      ...(setting.format === 'icpc' ? { penalty: t.penalty } : {}),
      cells,
      ...(t.input.virtual ? { virtual: true } : {}),
    };
  });
}
