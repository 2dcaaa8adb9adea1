import { describe, expect, it } from 'vitest';
import { BoardSetting, rankBoard, realBoardCells, virtualBoardCells, type RealCell } from './virtual-board';

const START = new Date('2031-01-01T10:00:00.000Z');
const RUN = new Date('2031-02-01T18:30:00.000Z');
const at = (base: Date, minutes: number, seconds = 0) =>
  new Date(base.getTime() + minutes * 60_000 + seconds * 1000);

const setting = (over: Partial<BoardSetting> = {}): BoardSetting => ({
  format: 'icpc',
  penaltyMinutes: 20,
  startTime: START,
  problems: [
    { problemId: 'A', points: 30 },
    { problemId: 'B', points: 20 },
  ],
  freezeAt: null,
  ...over,
});

const real = (over: Partial<RealCell> & Pick<RealCell, 'userId' | 'problemId'>): RealCell => ({
  solvedAt: null,
  points: 0,
  attempts: 0,
  visibleAttempts: 0,
  pending: 0,
  ...over,
});

describe('virtual board', () => {
  it('scores a run as a live participant: the first accept with the tries before it, moved onto the contest clock', () => {
    const cells = virtualBoardCells(
      setting(),
      [
        { problemId: 'A', accepted: false, at: at(RUN, 3) },
        { problemId: 'A', accepted: true, at: at(RUN, 7, 59) },
        { problemId: 'A', accepted: false, at: at(RUN, 9) },
        { problemId: 'B', accepted: false, at: at(RUN, 11) },
      ],
      RUN,
    );
    expect(cells).toEqual([
      { problemId: 'A', points: 30, acceptedAt: at(START, 7, 59), attempts: 1, pending: 0 },
      { problemId: 'B', points: 20, acceptedAt: null, attempts: 1, pending: 0 },
    ]);
    const [row] = rankBoard(setting(), [{ userId: 'v', username: 'v', fullName: 'V', cells, virtual: true }]);
    // 7 minutes (whole minutes, as the contest counts them) + 20 for the rejected try before the accept.
    expect(row).toMatchObject({ problemsSolved: 1, penalty: 27, score: 30, rank: 1, virtual: true });
    expect(row.cells).toEqual([
      { problemId: 'A', attempts: 1, acceptedAtMinutes: 7, pending: 0, firstSolve: true },
      { problemId: 'B', attempts: 1, acceptedAtMinutes: null, pending: 0, firstSolve: false },
    ]);
  });

  it("ranks the run among real rows in the contest's order, with first solves among every row", () => {
    const s = setting();
    const rows = realBoardCells(s, [
      real({ userId: 'r1', problemId: 'A', solvedAt: at(START, 10), points: 30 }),
      real({ userId: 'r2', problemId: 'A', solvedAt: at(START, 5), points: 30, attempts: 2 }),
      real({ userId: 'r3', problemId: 'B', attempts: 1 }),
    ]);
    const virtualCells = virtualBoardCells(s, [{ problemId: 'A', accepted: true, at: at(RUN, 4) }], RUN);
    const board = rankBoard(s, [
      ...[...rows].map(([userId, cells]) => ({
        userId,
        username: userId,
        fullName: userId,
        cells,
        virtual: false,
      })),
      { userId: 'v', username: 'v', fullName: 'V', cells: virtualCells, virtual: true },
    ]);
    // v: 4; r1: 10; r2: 5 + 40; r3 tried only (ICPC lists every counted try).
    expect(board.map((e) => [e.userId, e.rank, e.penalty])).toEqual([
      ['v', 1, 4],
      ['r1', 2, 10],
      ['r2', 3, 45],
      ['r3', 4, 0],
    ]);
    expect(board.find((e) => e.userId === 'v')!.cells![0].firstSolve).toBe(true);
    expect(board.find((e) => e.userId === 'r2')!.cells![0].firstSolve).toBe(false);
  });

  it("ICPC: ties a run's last accept with a real one in the same whole minute, counted from the run's own start", () => {
    const s = setting();
    const rows = realBoardCells(s, [
      real({ userId: 'r1', problemId: 'A', solvedAt: at(START, 10, 40), points: 30 }),
      real({ userId: 'r2', problemId: 'A', solvedAt: at(START, 11, 1), points: 30 }),
    ]);
    // The run started 25 s past a minute: its accept 10:50 after its own start is minute 10 (11:15 after RUN).
    const runStart = at(RUN, 0, 25);
    const virtualCells = virtualBoardCells(
      s,
      [{ problemId: 'A', accepted: true, at: at(runStart, 10, 50) }],
      runStart,
    );
    const board = rankBoard(s, [
      ...[...rows].map(([userId, cells]) => ({
        userId,
        username: userId,
        fullName: userId,
        cells,
        virtual: false,
      })),
      { userId: 'v', username: 'v', fullName: 'V', cells: virtualCells, virtual: true },
    ]);
    expect(board.map((e) => [e.userId, e.rank, e.penalty])).toEqual([
      ['r1', 1, 10],
      ['v', 1, 10],
      ['r2', 3, 11],
    ]);
  });

  it('in the points format, lists real rows with an accept and the run always, ties to the earlier last accept', () => {
    const s = setting({ format: 'points' });
    const rows = realBoardCells(s, [
      real({ userId: 'r1', problemId: 'B', solvedAt: at(START, 9), points: 20 }),
      real({ userId: 'r2', problemId: 'A', attempts: 3 }),
    ]);
    const empty = rankBoard(s, [
      ...[...rows].map(([userId, cells]) => ({
        userId,
        username: userId,
        fullName: userId,
        cells,
        virtual: false,
      })),
      { userId: 'v', username: 'v', fullName: 'V', cells: [], virtual: true },
    ]);
    expect(empty.map((e) => [e.userId, e.score, 'penalty' in e])).toEqual([
      ['r1', 20, false],
      ['v', 0, false],
    ]);
    const tied = rankBoard(s, [
      ...[...rows].map(([userId, cells]) => ({
        userId,
        username: userId,
        fullName: userId,
        cells,
        virtual: false,
      })),
      {
        userId: 'v',
        username: 'v',
        fullName: 'V',
        cells: virtualBoardCells(s, [{ problemId: 'B', accepted: true, at: at(RUN, 8) }], RUN),
        virtual: true,
      },
    ]);
    expect(tied.map((e) => e.userId)).toEqual(['v', 'r1']);
  });

  it('while frozen, shows real results from the freeze on as pending, never as solved', () => {
    const s = setting({ freezeAt: at(START, 60) });
    const rows = realBoardCells(s, [
      real({
        userId: 'early',
        problemId: 'A',
        solvedAt: at(START, 30),
        points: 30,
        attempts: 1,
        visibleAttempts: 1,
      }),
      real({
        userId: 'late',
        problemId: 'A',
        solvedAt: at(START, 70),
        points: 30,
        attempts: 1,
        visibleAttempts: 0,
        pending: 2,
      }),
      real({ userId: 'tried', problemId: 'B', attempts: 2, visibleAttempts: 1, pending: 1 }),
    ]);
    expect(rows.get('early')).toEqual([
      { problemId: 'A', points: 30, acceptedAt: at(START, 30), attempts: 1, pending: 0 },
    ]);
    expect(rows.get('late')).toEqual([
      { problemId: 'A', points: 30, acceptedAt: null, attempts: 0, pending: 2 },
    ]);
    expect(rows.get('tried')).toEqual([
      { problemId: 'B', points: 0, acceptedAt: null, attempts: 1, pending: 1 },
    ]);
    // An accept at the freeze with no try counted after it still shows as one pending try.
    const edge = realBoardCells(s, [
      real({ userId: 'x', problemId: 'A', solvedAt: at(START, 60), points: 30 }),
    ]);
    expect(edge.get('x')).toEqual([
      { problemId: 'A', points: 30, acceptedAt: null, attempts: 0, pending: 1 },
    ]);
  });
});

describe('virtual board, IOI format (issue 31)', () => {
  const groups = [
    { name: 'g1', points: 20 },
    { name: 'g2', points: 30 },
    { name: 'g3', points: 50 },
  ];
  const ioi = (over: Partial<BoardSetting> = {}) =>
    setting({ format: 'ioi', problems: [{ problemId: 'A', points: 100, testGroups: groups }], ...over });

  it("a run's tries add up best per group; equal scores share a rank with the real rows", () => {
    const cells = virtualBoardCells(
      ioi(),
      [
        { problemId: 'A', accepted: false, at: at(RUN, 3), earned: ['g1', 'g3'] },
        { problemId: 'A', accepted: false, at: at(RUN, 5), earned: ['g2'] },
      ],
      RUN,
    );
    expect(cells[0].score).toBe(100);
    const s = ioi();
    const realRows = realBoardCells(s, [
      real({ userId: 'r1', problemId: 'A', score: 70, visibleScore: 70 }),
      real({ userId: 'r2', problemId: 'A', score: 100, visibleScore: 20 }),
    ]);
    const rows = rankBoard(s, [
      ...[...realRows].map(([userId, c]) => ({
        userId,
        username: userId,
        fullName: userId,
        cells: c,
        virtual: false,
      })),
      { userId: 'v', username: 'v', fullName: 'V', cells, virtual: true },
    ]);
    expect(rows.map((r) => [r.userId, r.score, r.rank])).toEqual([
      ['r2', 100, 1],
      ['v', 100, 1],
      ['r1', 70, 3],
    ]);
    expect(rows[1].cells?.[0]).toMatchObject({ problemId: 'A', score: 100 });
  });

  it('while frozen, a real cell shows its score from before the freeze', () => {
    const s = ioi({ freezeAt: at(START, 60) });
    const realRows = realBoardCells(s, [
      real({ userId: 'r2', problemId: 'A', score: 100, visibleScore: 20 }),
    ]);
    const [row] = rankBoard(s, [
      { userId: 'r2', username: 'r2', fullName: 'R2', cells: realRows.get('r2')!, virtual: false },
    ]);
    expect(row.score).toBe(20);
  });
});
