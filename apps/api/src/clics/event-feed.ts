import {
  clarificationMessages,
  contestObject,
  JAVA_LANGUAGE,
  JUDGEMENT_TYPES,
  judgementObject,
  judgementShownAt,
  organizationObject,
  problemObject,
  problemShownAt,
  runObjects,
  stateAt,
  stateMoments,
  submissionObject,
  teamObject,
  type ClicsRoster,
  type ClicsState,
  type ClicsViewer,
} from './clics-objects';
import type {
  ClicsClarificationRow,
  ClicsContestRow,
  ClicsJudgementRow,
  ClicsProblemRow,
  ClicsTeamRow,
} from './clics-rows';
import type { Award } from './scoreboard';

/**
 * The event feed's pure half: what a contest's CLICS objects are right now, per audience, so the
 * sync (event-log.service.ts) can compare them with what its log last said and append the changes.
 */

/** One object as an audience should see it now. */
export interface FeedObject {
  type: string;
  /** null for the singletons (contest, state). */
  id: string | null;
  /** Epoch milliseconds when it came to be: orders the events one sync appends. */
  at: number;
  order: number;
  data: unknown;
}

/** Orders the events of one moment: configuration first, the final state last. */
export const ORDER = {
  contest: 0,
  'judgement-types': 1,
  languages: 2,
  groups: 3,
  organizations: 4,
  problems: 5,
  teams: 6,
  state: 7,
  submissions: 8,
  judgements: 9,
  runs: 10,
  clarifications: 11,
  awards: 12,
} as const;

export interface FeedSnapshot {
  contest: ClicsContestRow;
  problems: ClicsProblemRow[];
  teams: ClicsTeamRow[];
  /** The contest's organizations and groups (rosterOf). */
  roster: ClicsRoster;
  /** Each with its per-test results when its runs are wanted (admins), else results null. */
  judgements: ClicsJudgementRow[];
  clarifications: ClicsClarificationRow[];
  /** The final awards (empty until the contest is finalised). */
  awards: Award[];
  defaultTimeLimitMs: number;
  /** Epoch milliseconds the snapshot is of: a hidden problem is named from the contest's start only. */
  now: number;
}

export const objectKey = (type: string, id: string | null) => `${type}|${id ?? ''}`;

/**
 * Every object `viewer` may see, but the state (see `stateHistory`), keyed by `objectKey`. Runs are
 * made of the judgements that carry their results; the others' runs are the caller's to keep.
 */
export function feedObjects(s: FeedSnapshot, viewer: ClicsViewer): Map<string, FeedObject> {
  const c = s.contest;
  const created = c.createdAt.getTime();
  const objects = new Map<string, FeedObject>();
  const put = (at: number, type: keyof typeof ORDER, id: string | null, data: unknown) =>
    objects.set(objectKey(type, id), { at, order: ORDER[type], type, id, data });

  put(created, 'contest', null, contestObject(c));
  for (const t of Object.values(JUDGEMENT_TYPES)) put(created, 'judgement-types', t.id, { ...t });
  put(created, 'languages', JAVA_LANGUAGE.id, JAVA_LANGUAGE);
  for (const p of s.problems) {
    // A hidden problem enters the public's feed at the contest's start, just before its state says
    // started (issue 47): no event names it before, whenever the feed is read or resumed.
    const shown = problemShownAt(c, p, viewer);
    if (shown > s.now) continue;
    const data = problemObject(p, s.defaultTimeLimitMs);
    put(shown, 'problems', data.id, data);
  }
  for (const g of s.roster.groups) put(g.since.getTime(), 'groups', g.id, g.data);
  for (const { org, since } of s.roster.organizations) {
    const organization = organizationObject(org);
    put(since.getTime(), 'organizations', organization.id, organization);
  }
  for (const t of s.teams) put(t.joinedAt.getTime(), 'teams', t.id, teamObject(t));

  for (const j of s.judgements) {
    put(j.createdAt.getTime(), 'submissions', j.id, submissionObject(c, j, viewer));
    const shown = judgementShownAt(c, j, viewer);
    if (shown === null) continue;
    put(shown, 'judgements', j.id, judgementObject(c, j));
    if (viewer.admin && j.results) for (const run of runObjects(c, j)) put(shown, 'runs', run.id, run);
  }

  for (const m of teamClarifications(s, viewer)) objects.set(objectKey(m.type, m.id), m);

  const finalized = stateMoments(c).finalized;
  if (finalized !== null) for (const a of s.awards) put(finalized, 'awards', a.id, { ...a });
  return objects;
}

/** The clarification messages `viewer` may read. */
export function teamClarifications(s: FeedSnapshot, viewer: ClicsViewer): FeedObject[] {
  const teamIds = new Set(s.teams.flatMap((t) => (t.userId ? [t.userId] : [])));
  return s.clarifications.flatMap((q) =>
    clarificationMessages(s.contest, q, teamIds, viewer).map((m) => ({
      at: m.at,
      order: ORDER.clarifications,
      type: 'clarifications',
      id: m.data.id as string,
      data: m.data,
    })),
  );
}

/**
 * The contest's states, one per moment something changed, up to `now`, oldest first: the last is
 * the state now. A sync appends those after the one it logged last, so a feed read after a while
 * still shows the contest start, freeze and end one by one.
 */
export function stateHistory(c: ClicsContestRow, now: number): { at: number; data: ClicsState }[] {
  const m = stateMoments(c);
  const times = [c.createdAt.getTime(), m.started, m.frozen, m.ended, m.thawed, m.finalized]
    .filter((t): t is number => t !== null && t <= now)
    .sort((a, b) => a - b);
  const history: { at: number; data: ClicsState }[] = [];
  for (const t of new Set(times)) history.push({ at: t, data: stateAt(c, t) });
  const current = stateAt(c, now);
  if (history.length === 0 || JSON.stringify(history.at(-1)!.data) !== JSON.stringify(current))
    history.push({ at: now, data: current });
  return history;
}

/**
 * A value as one string whatever the order of its keys (jsonb keeps its own order), so an object
 * built now compares with the one the log holds.
 */
export function canonical(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sorted(v);
  }
  return out;
}

/** One event of the log as a reader gets it: its token is the log row's id. */
export interface FeedEvent {
  token: string;
  type: string;
  id: string | null;
  /** The object as JSON text, as the log keeps it (`null`: the object was deleted). */
  json: string;
}

/** One line of the NDJSON feed (the data written as the log keeps it: never parsed to be written again). */
export function eventLine(e: FeedEvent): string {
  return `{"type":${JSON.stringify(e.type)},"id":${JSON.stringify(e.id)},"data":${e.json},"token":${JSON.stringify(e.token)}}\n`;
}

/** True for the state that sets end_of_updates: the feed is over. */
export function endsFeed(type: string, data: unknown): boolean {
  return type === 'state' && !!(data as ClicsState | null)?.end_of_updates;
}

/** endsFeed of an event read from the log. */
export function endsFeedEvent(e: FeedEvent): boolean {
  return e.type === 'state' && endsFeed(e.type, JSON.parse(e.json));
}
