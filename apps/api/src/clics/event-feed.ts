import {
  clarificationMessages,
  contestObject,
  groupObject,
  JAVA_LANGUAGE,
  JUDGEMENT_TYPES,
  judgementObject,
  judgementShownAt,
  organizationObject,
  organizationsOf,
  problemObject,
  runObjects,
  stateAt,
  stateMoments,
  submissionObject,
  teamObject,
  type ClicsViewer,
} from './clics-objects';
import type {
  ClicsClarificationRow,
  ClicsContestRow,
  ClicsJudgementRow,
  ClicsProblemRow,
  ClicsTeamRow,
} from './clics.repository';
import type { Award } from './scoreboard';

/**
 * The event feed, worked out from what Javelin stores rather than logged as it happens: every object
 * becomes an event at the moment it came to be (as the viewer may see it: a judgement hidden by the
 * freeze comes at the unfreeze), and events are ordered by (moment, kind, id). A token is that key, so
 * resuming after it gives exactly the events after it, on any instance, for as long as the data lives.
 */
export interface FeedEvent {
  /** Epoch milliseconds. */
  at: number;
  /** Orders events of one moment: configuration first, the final state last. */
  order: number;
  type: string;
  id: string | null;
  data: unknown;
}

const ORDER = {
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
  /** The state that sets end_of_updates: the very last event. */
  finalState: 13,
} as const;

export interface FeedSnapshot {
  contest: ClicsContestRow;
  problems: ClicsProblemRow[];
  teams: ClicsTeamRow[];
  judgements: ClicsJudgementRow[];
  clarifications: ClicsClarificationRow[];
  /** The final awards (empty until the contest is finalised). */
  awards: Award[];
  defaultTimeLimitMs: number;
  /** Epoch milliseconds: nothing later is in the feed yet. */
  now: number;
}

/** Every event `viewer` may see up to `now`, in feed order. */
export function feedEvents(s: FeedSnapshot, viewer: ClicsViewer): FeedEvent[] {
  const c = s.contest;
  const created = c.createdAt.getTime();
  const events: FeedEvent[] = [];
  const push = (at: number, order: number, type: string, id: string | null, data: unknown) =>
    events.push({ at, order, type, id, data });

  push(created, ORDER.contest, 'contest', null, contestObject(c));
  for (const t of Object.values(JUDGEMENT_TYPES))
    push(created, ORDER['judgement-types'], 'judgement-types', t.id, t);
  push(created, ORDER.languages, 'languages', JAVA_LANGUAGE.id, JAVA_LANGUAGE);
  for (const p of s.problems) {
    const data = problemObject(p, s.defaultTimeLimitMs);
    push(created, ORDER.problems, 'problems', data.id, data);
  }
  for (const { org, since } of organizationsOf(s.teams)) {
    const group = groupObject(org);
    push(since.getTime(), ORDER.groups, 'groups', group.id, group);
    const organization = organizationObject(org);
    push(since.getTime(), ORDER.organizations, 'organizations', organization.id, organization);
  }
  for (const t of s.teams) push(t.joinedAt.getTime(), ORDER.teams, 'teams', t.id, teamObject(t));

  const moments = stateMoments(c);
  const stateTimes = new Set(
    [created, moments.started, moments.frozen, moments.ended, moments.thawed, moments.finalized].filter(
      (t): t is number => t !== null,
    ),
  );
  for (const t of stateTimes) {
    const final = t === moments.finalized;
    push(t, final ? ORDER.finalState : ORDER.state, 'state', null, stateAt(c, t));
  }

  for (const j of s.judgements) {
    push(j.createdAt.getTime(), ORDER.submissions, 'submissions', j.id, submissionObject(c, j, viewer));
    const shown = judgementShownAt(c, j, viewer);
    if (shown === null) continue;
    push(shown, ORDER.judgements, 'judgements', j.id, judgementObject(c, j));
    if (viewer.admin) for (const run of runObjects(c, j)) push(shown, ORDER.runs, 'runs', run.id, run);
  }

  const teamIds = new Set(s.teams.map((t) => t.id));
  for (const q of s.clarifications)
    for (const m of clarificationMessages(c, q, teamIds, viewer))
      push(m.at, ORDER.clarifications, 'clarifications', m.data.id as string, m.data);

  if (moments.finalized !== null)
    for (const a of s.awards) push(moments.finalized, ORDER.awards, 'awards', a.id, a);

  return events.filter((e) => e.at <= s.now).sort(compareEvents);
}

export function compareEvents(
  a: Pick<FeedEvent, 'at' | 'order' | 'id'>,
  b: Pick<FeedEvent, 'at' | 'order' | 'id'>,
) {
  if (a.at !== b.at) return a.at - b.at;
  if (a.order !== b.order) return a.order - b.order;
  const [x, y] = [a.id ?? '', b.id ?? ''];
  return x < y ? -1 : x > y ? 1 : 0;
}

export function tokenOf(e: FeedEvent): string {
  return `${e.at}:${e.order}:${e.id ?? ''}`;
}

/** The position a token names, or null when it is not one of this feed's tokens. */
export function parseToken(token: string): Pick<FeedEvent, 'at' | 'order' | 'id'> | null {
  const match = /^(\d{1,15}):(\d{1,2}):([a-zA-Z0-9_.-]{0,36})$/.exec(token);
  if (!match) return null;
  const order = Number(match[2]);
  if (order > ORDER.finalState) return null;
  return { at: Number(match[1]), order, id: match[3] === '' ? null : match[3] };
}

/** One line of the NDJSON feed. */
export function eventLine(e: FeedEvent): string {
  return `${JSON.stringify({ type: e.type, id: e.id, data: e.data, token: tokenOf(e) })}\n`;
}

/** True when the feed is over: the state that sets end_of_updates was sent. */
export function endsFeed(e: FeedEvent): boolean {
  return e.order === ORDER.finalState;
}
