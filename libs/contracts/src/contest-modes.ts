// A leaf of its own: request-rules.ts names the modes, and virtual.ts's answers import contests.ts,
// which imports request-rules.ts (virtual.ts re-exports them).

/**
 * How a run or submit with a contestId uses that contest (issue 21 items 3 and 4). Absent: the live
 * contest, as the spec's calls always did (joined, while active). 'practice': a try at a problem of an
 * ended contest from its page, kept in the user's history as practice and never counted in the
 * contest. 'virtual': a try in the caller's running virtual run of the contest.
 */
export const CONTEST_MODES = ['practice', 'virtual'] as const;
export type ContestMode = (typeof CONTEST_MODES)[number];
