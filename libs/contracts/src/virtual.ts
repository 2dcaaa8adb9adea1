import { z } from 'zod';
import { contestLeaderboardEntrySchema } from './contests';
import { CONTEST_MODES } from './contest-modes';
import { ResponseSchemas } from './response-rules';

export { CONTEST_MODES, type ContestMode } from './contest-modes';
export const contestModeSchema = z.enum(CONTEST_MODES).register(ResponseSchemas, { id: 'ContestMode' });

/** POST /api/contests/:id/virtual: one user's run of an ended contest under its own clock. */
export const virtualRunSchema = z
  .object({
    _id: z.string(),
    contestId: z.string(),
    startedAt: z.string(),
    /** startedAt + the contest's duration; an early finish moves it to the moment of finishing. */
    endsAt: z.string(),
    /** From the server's clock: running until endsAt, then finished. */
    status: z.enum(['running', 'finished']),
  })
  .register(ResponseSchemas, { id: 'VirtualRun' });
export type VirtualRun = z.infer<typeof virtualRunSchema>;

/** GET /api/contests/:id/virtual: the caller's latest virtual run of the contest, or null. */
export const virtualRunStateSchema = z
  // A union with null, not .nullable(): OpenAPI 3.0 has no nullable $ref.
  .object({ run: z.union([virtualRunSchema, z.null()]) })
  .register(ResponseSchemas, { id: 'VirtualRunState' });
export type VirtualRunState = z.infer<typeof virtualRunStateSchema>;

/**
 * GET /api/contests/:id/virtual/standings: the real standings as they were at the run's elapsed time
 * (minute t of the contest), with the run's own row placed where it ranks, marked `virtual`.
 */
export const virtualStandingsSchema = z
  .object({
    run: virtualRunSchema,
    /** Seconds of the contest's clock the run has used (the contest's duration once it finished). */
    elapsedSeconds: z.number(),
    durationSeconds: z.number(),
    /** True when the contest is still frozen: others' results after the freeze show as pending. */
    frozen: z.boolean(),
    /** A page of the merged board, best first, ranks numbered through the virtual row. */
    entries: z.array(contestLeaderboardEntrySchema),
    /** The run's own row, wherever it ranks (also in `entries` when on this page). */
    own: contestLeaderboardEntrySchema,
  })
  .register(ResponseSchemas, { id: 'VirtualStandings' });
export type VirtualStandings = z.infer<typeof virtualStandingsSchema>;

/** What the contest pages say about practice and virtual runs (the server's refusals are in ServerMessages). */
export const VirtualMessages = {
  endedOpen: 'Its problems stay open for practice, and you can take it as a virtual run.',
  endedOpenToParticipant: 'Its problems stay open for practice.',
  practiceNote:
    "Practice: this contest has ended. Your results are kept in your submissions and never change the contest's standings or ratings.",
  virtualNote:
    'Virtual run: submissions are scored as if live, against the real standings at the same minute. Never rated.',
  panelTitle: 'Virtual participation',
  practiceBadge: 'Practice',
  virtualRunBadge: 'Virtual run',
  practiceLink: 'Practice',
  virtualSolveLink: 'Solve (virtual)',
  finalResultsTab: 'Final Results',
  startVirtual: 'Start virtual run',
  startVirtualHint: (minutes: number) =>
    `Take this contest under its own clock: ${minutes} minute${minutes === 1 ? '' : 's'}, scored as if live against the real standings at the same minute. Virtual runs are never rated.`,
  participantNoVirtual:
    'You took part in this contest, so you can practise its problems but not run it virtually.',
  signInForVirtual: 'Sign in to practise these problems or start a virtual run.',
  virtualStarted: 'Virtual run started',
  virtualStartFailed: 'Failed to start the virtual run',
  finishVirtual: 'End virtual run',
  confirmFinish: 'End your virtual run now? Submissions after this will not count in it.',
  virtualFinished: 'Virtual run finished',
  virtualFinishFailed: 'Failed to end the virtual run',
  virtualEndsIn: 'Virtual run ends in',
  virtualBoardTitle: 'Virtual Standings',
  virtualBoardFailed: 'Failed to fetch the virtual standings',
  virtualBadge: 'Virtual',
  acceptedInVirtual: (minute: number) => `Accepted at minute ${minute} of your virtual run.`,
  finishedSummary: (rank: number, solved: number) => `Your virtual run finished: #${rank}, ${solved} solved.`,
  atMinute: (minute: number, duration: number) => `minute ${minute} of ${duration}`,
} as const;

/** Contest time shown on the virtual board: whole minutes, as the scoreboard counts them. */
export function elapsedMinutes(seconds: number): number {
  return Math.floor(seconds / 60);
}
