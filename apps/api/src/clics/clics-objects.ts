import type { Verdict } from '@javelin/contracts';
import { freezeTimeOf } from '../contests/contest.entity';
import { balloonOf, clicsRelTime, clicsTime, problemLabel, runId } from './clics-format';
import type {
  ClicsClarificationRow,
  ClicsContestRow,
  ClicsGroupRow,
  ClicsJudgementRow,
  ClicsOrganizationRow,
  ClicsProblemRow,
  ClicsTeamRow,
} from './clics-rows';

/**
 * The objects of the CLICS Contest API 2023-06 built from Javelin's rows: pure functions, so the
 * REST endpoints, the event feed and the contest package all show one and the same data.
 */

/** Who reads: an admin (the spec's `admin` role) sees everything; anyone else sees what the public board shows. */
export interface ClicsViewer {
  admin: boolean;
  /** The reader's team (a participant signed in), or null. */
  teamId: string | null;
}

export const PUBLIC_VIEWER: ClicsViewer = { admin: false, teamId: null };

/** Javelin's verdicts as the spec's judgement types (the standard ids, with their penalty and solved flags). */
export const JUDGEMENT_TYPES: Record<
  Verdict,
  { id: string; name: string; penalty: boolean; solved: boolean }
> = {
  accepted: { id: 'AC', name: 'Accepted', penalty: false, solved: true },
  wrong_answer: { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false },
  time_limit_exceeded: { id: 'TLE', name: 'Time Limit Exceeded', penalty: true, solved: false },
  runtime_error: { id: 'RTE', name: 'Run-Time Error', penalty: true, solved: false },
  compilation_error: { id: 'CE', name: 'Compile Error', penalty: false, solved: false },
  memory_limit_exceeded: { id: 'MLE', name: 'Memory Limit Exceeded', penalty: true, solved: false },
  output_limit_exceeded: { id: 'OLE', name: 'Output Limit Exceeded', penalty: true, solved: false },
};

export const JAVA_LANGUAGE = {
  id: 'java',
  name: 'Java',
  entry_point_required: false,
  extensions: ['java'],
  compiler: { command: 'javac', args: '{files}' },
  runner: { command: 'java' },
};

export function judgementTypeOf(verdict: string): string {
  return (JUDGEMENT_TYPES as Record<string, { id: string }>)[verdict]?.id ?? 'RTE';
}

export function contestObject(c: ClicsContestRow) {
  return {
    id: c.clicsId,
    name: c.title,
    formal_name: c.formalName ?? c.title,
    start_time: clicsTime(c.startTime),
    duration: clicsRelTime(c.endTime.getTime() - c.startTime.getTime()),
    scoreboard_freeze_duration: clicsRelTime(c.freezeMinutes * 60_000),
    scoreboard_type: 'pass-fail',
    penalty_time: c.penaltyMinutes,
  };
}

export interface ClicsState {
  started: string | null;
  frozen: string | null;
  ended: string | null;
  thawed: string | null;
  finalized: string | null;
  end_of_updates: string | null;
}

/** When each state change happens (epoch ms; null when it never does), in the spec's order. */
export function stateMoments(c: ClicsContestRow) {
  const freezeAt = freezeTimeOf(c)?.getTime() ?? null;
  const end = c.endTime.getTime();
  // A contest ends frozen until an admin unfreezes it; a thaw is never before the end.
  const thawed = freezeAt !== null && c.unfrozenAt ? Math.max(c.unfrozenAt.getTime(), end) : null;
  const settled = freezeAt === null || thawed !== null;
  // Javelin finalises (rates) a frozen contest when it is unfrozen, any other at its end.
  const finalized = settled && c.finalizedAt ? Math.max(c.finalizedAt.getTime(), end, thawed ?? 0) : null;
  return { started: c.startTime.getTime(), frozen: freezeAt, ended: end, thawed, finalized };
}

/**
 * The state as of `now`. A finalised contest is over (thawed, or never frozen): nothing changes after,
 * so `end_of_updates` is set with `finalized`.
 */
export function stateAt(c: ClicsContestRow, now: number): ClicsState {
  const m = stateMoments(c);
  const when = (t: number | null) => (t !== null && t <= now ? clicsTime(t) : null);
  return {
    started: when(m.started),
    frozen: when(m.frozen),
    ended: when(m.ended),
    thawed: when(m.thawed),
    finalized: when(m.finalized),
    end_of_updates: when(m.finalized),
  };
}

/**
 * When `viewer` may first see the judgement (epoch ms), or null while it is hidden: the public
 * board's rule — a submit at or after the freeze shows its verdict only once the contest is unfrozen.
 */
export function judgementShownAt(
  c: ClicsContestRow,
  j: ClicsJudgementRow,
  viewer: ClicsViewer,
): number | null {
  const at = j.createdAt.getTime();
  const freezeAt = freezeTimeOf(c)?.getTime() ?? null;
  if (viewer.admin || freezeAt === null || at < freezeAt) return at;
  return c.unfrozenAt ? Math.max(at, c.unfrozenAt.getTime()) : null;
}

/**
 * When `viewer` may first read a problem of the contest (epoch ms): admins, and everyone for a
 * problem that is public anyway, from the contest's creation; a hidden problem only from the
 * contest's start (issue 47), so nothing names it before (its title, id, label, test count).
 */
export function problemShownAt(c: ClicsContestRow, p: ClicsProblemRow, viewer: ClicsViewer): number {
  const created = c.createdAt.getTime();
  return viewer.admin || p.isVisible ? created : Math.max(created, c.startTime.getTime());
}

/** The contest's problems `viewer` may read at `now`, in contest order. */
export function shownProblems(
  c: ClicsContestRow,
  problems: ClicsProblemRow[],
  viewer: ClicsViewer,
  now: number,
): ClicsProblemRow[] {
  return problems.filter((p) => problemShownAt(c, p, viewer) <= now);
}

export function problemObject(p: ClicsProblemRow, defaultTimeLimitMs: number) {
  return {
    id: p.clicsId,
    uuid: p.id,
    label: p.label ?? problemLabel(p.position),
    name: p.title,
    ordinal: p.position + 1,
    ...(p.rgb ? { rgb: p.rgb } : balloonOf(p.position)),
    time_limit: (p.timeLimitMs ?? defaultTimeLimitMs) / 1000,
    test_data_count: p.testCount,
  };
}

export function organizationObject(o: ClicsOrganizationRow) {
  return {
    id: o.clicsId,
    name: o.name,
    formal_name: o.formalName ?? o.name,
    ...(o.country ? { country: o.country } : {}),
  };
}

/** Each organization of a team Javelin made is also a group, so the scoreboard can be filtered by it. */
export function groupObject(o: ClicsOrganizationRow) {
  return { id: o.clicsId, name: o.name, type: 'organization' };
}

/** A contest package's group (issue 43). */
export function packageGroupObject(g: ClicsGroupRow) {
  return { id: g.clicsId, name: g.name, ...(g.type ? { type: g.type } : {}) };
}

/** The 2023-06 team: its label is required (a package's, else the username). */
export function teamObject(t: ClicsTeamRow) {
  const name = t.fullName || t.username;
  return {
    id: t.id,
    label: t.label ?? t.username,
    name,
    display_name: t.displayName ?? name,
    organization_id: t.organization ? t.organization.clicsId : null,
    group_ids: t.groupIds ?? (t.organization ? [t.organization.clicsId] : []),
    hidden: t.hidden,
  };
}

/**
 * A contest's organizations and groups: a package's, every one (issue 43); and for the teams Javelin
 * made, the organizations their users name on their profiles, each also a group.
 */
export interface ClicsRoster {
  teams: ClicsTeamRow[];
  organizations: { org: ClicsOrganizationRow; since: Date }[];
  groups: { data: Record<string, unknown>; id: string; name: string; teamIds: Set<string>; since: Date }[];
}

export function rosterOf(
  c: ClicsContestRow,
  teams: ClicsTeamRow[],
  packageOrganizations: ClicsOrganizationRow[],
  packageGroups: ClicsGroupRow[],
): ClicsRoster {
  const own = teams.filter((t) => t.groupIds === null);
  const profileOrgs = organizationsOf(own);
  const members = (test: (t: ClicsTeamRow) => boolean) => new Set(teams.filter(test).map((t) => t.id));
  return {
    teams,
    organizations: [...packageOrganizations.map((org) => ({ org, since: c.createdAt })), ...profileOrgs],
    groups: [
      ...packageGroups.map((g) => ({
        data: packageGroupObject(g),
        id: g.clicsId,
        name: g.name,
        teamIds: members((t) => !!t.groupIds?.includes(g.clicsId)),
        since: c.createdAt,
      })),
      ...profileOrgs.map(({ org, since }) => ({
        data: groupObject(org),
        id: org.clicsId,
        name: org.name,
        teamIds: members((t) => t.groupIds === null && t.organization?.id === org.id),
        since,
      })),
    ],
  };
}

/** The organizations of the teams, once each, in the order their first team joined. */
export function organizationsOf(teams: ClicsTeamRow[]): { org: ClicsOrganizationRow; since: Date }[] {
  const seen = new Map<string, { org: ClicsOrganizationRow; since: Date }>();
  for (const t of teams)
    if (t.organization && !seen.has(t.organization.id))
      seen.set(t.organization.id, { org: t.organization, since: t.joinedAt });
  return [...seen.values()];
}

const relative = (c: ClicsContestRow, at: Date | number) =>
  clicsRelTime(new Date(at).getTime() - c.startTime.getTime());

/** Non-admins never see a submission's source: its files are listed for admins only. */
export function submissionObject(c: ClicsContestRow, j: ClicsJudgementRow, viewer: ClicsViewer) {
  return {
    id: j.id,
    language_id: JAVA_LANGUAGE.id,
    problem_id: j.problemClicsId,
    team_id: j.teamId,
    time: clicsTime(j.createdAt),
    contest_time: relative(c, j.createdAt),
    entry_point: 'Main',
    files: viewer.admin
      ? [
          {
            href: `contests/${c.clicsId}/submissions/${j.id}/files`,
            filename: 'files.zip',
            mime: 'application/zip',
          },
        ]
      : [],
  };
}

/** Javelin judges a submit at once, so its judgement starts and ends at the submission's time. */
export function judgementObject(c: ClicsContestRow, j: ClicsJudgementRow) {
  const time = clicsTime(j.createdAt);
  const contestTime = relative(c, j.createdAt);
  return {
    id: j.id,
    submission_id: j.id,
    judgement_type_id: judgementTypeOf(j.verdict),
    start_time: time,
    start_contest_time: contestTime,
    end_time: time,
    end_contest_time: contestTime,
    max_run_time: j.maxTimeMs / 1000,
  };
}

/** The judged tests of a submit (admins only: a hidden test's own time is never shown to others). */
export function runObjects(c: ClicsContestRow, j: ClicsJudgementRow) {
  return (j.results ?? [])
    .filter((r) => !r.notJudged)
    .map((r, i) => ({
      id: runId(j.id, i + 1),
      judgement_id: j.id,
      ordinal: i + 1,
      judgement_type_id: judgementTypeOf(r.verdict),
      time: clicsTime(j.createdAt),
      contest_time: relative(c, j.createdAt),
      run_time: Math.round(r.executionTime) / 1000,
    }));
}

/** An answer's own id: `a` and its question's UUID without dashes (33 characters). */
export const answerId = (questionId: string) => `a${questionId.replace(/-/g, '')}`;

/**
 * A clarification thread as the spec's messages, each with the moment it was sent and whether the
 * viewer may read it: a question goes to admins and its team; an answer to admins, the team, and
 * everyone when it was made public (then it refers to a question the reader may not see: no reply_to).
 */
export function clarificationMessages(
  c: ClicsContestRow,
  q: ClicsClarificationRow,
  teamIds: Set<string>,
  viewer: ClicsViewer,
): { at: number; data: Record<string, unknown> }[] {
  const fromTeam = teamIds.has(q.userId);
  const ownsThread = viewer.admin || (fromTeam && viewer.teamId === q.userId);
  const problemId = q.problemClicsId;
  const messages: { at: number; data: Record<string, unknown> }[] = [];
  if (fromTeam && ownsThread)
    messages.push({
      at: q.createdAt.getTime(),
      data: {
        id: q.id,
        from_team_id: q.teamId,
        to_team_id: null,
        reply_to_id: null,
        problem_id: problemId,
        text: q.question,
        time: clicsTime(q.createdAt),
        contest_time: relative(c, q.createdAt),
      },
    });
  if (q.answer !== null && q.answeredAt && (ownsThread || q.isPublic))
    messages.push({
      at: q.answeredAt.getTime(),
      data: {
        id: answerId(q.id),
        from_team_id: null,
        to_team_id: q.isPublic || !fromTeam ? null : q.teamId,
        reply_to_id: fromTeam && ownsThread ? q.id : null,
        problem_id: problemId,
        text: q.answer,
        time: clicsTime(q.answeredAt),
        contest_time: relative(c, q.answeredAt),
      },
    });
  return messages;
}
