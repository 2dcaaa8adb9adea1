import { PUBLIC_VIEWER } from './clics-objects';
import type { ClicsContestRow } from './clics-rows';
import {
  canonical,
  endsFeed,
  feedObjects,
  objectKey,
  ORDER,
  stateHistory,
  teamClarifications,
  type FeedObject,
  type FeedSnapshot,
} from './event-feed';
import type { Audience, NewLogRow } from './event-log.repository';
import { uuidOf, viewOf, type ContestLog } from './event-log-knowledge';

/**
 * The event log's row builder: what a sync (event-log.service.ts) appends to bring each audience's
 * newest logged view of every object to what it is now. Pure: the objects come built (event-feed.ts),
 * the log's knowledge comes read (event-log-knowledge.ts).
 */

/**
 * The rows that bring each audience's newest view (what `log` knows) to the contest's objects now
 * (`snapshot`; of the submits only the `touched` ones), in append order: every state since the one
 * logged last; each object's new, changed or deleted version, once for everyone where admins and the
 * public see it alike, else for each; each team's own clarifications after the public's row.
 */
export function plannedRows(
  contest: ClicsContestRow,
  snapshot: FeedSnapshot,
  touched: Set<string>,
  log: ContestLog,
  now: number,
): NewLogRow[] {
  const admin = feedObjects(snapshot, { admin: true, teamId: null });
  const open = feedObjects(snapshot, PUBLIC_VIEWER);

  const planned: Planned[] = [];
  const plan = (audience: Audience, teamId: string | null, key: string, o: FeedObject, data: unknown) =>
    planned.push({ audience, teamId, key, object: o, data, phase: teamId ? 1 : 0, final: false });

  // The state: every state since the one logged last (all of them on a first sync).
  const history = stateHistory(contest, now);
  const stateKey = objectKey('state', null);
  const loggedState = viewOf(log, ['all', 'admin'], stateKey)?.json ?? null;
  if (canonical(history.at(-1)!.data) !== loggedState) {
    // After the one logged last; all of them the first time; only the last when the contest's
    // times were changed (the logged state is in no history of the new ones).
    const found = history.findIndex((h) => canonical(h.data) === loggedState);
    const from = found >= 0 ? found + 1 : loggedState === null ? 0 : history.length - 1;
    for (const h of history.slice(from)) {
      const o: FeedObject = { type: 'state', id: null, at: h.at, order: ORDER.state, data: h.data };
      planned.push({
        audience: 'all',
        teamId: null,
        key: stateKey,
        object: o,
        data: h.data,
        phase: 0,
        final: endsFeed('state', h.data),
      });
    }
  }

  // Everyone's, admins' and the public's objects.
  const keys = new Set([...admin.keys(), ...open.keys()]);
  // What is logged may have to be deleted; a submit's objects only when it is new, changed or gone.
  for (const k of log.others) keys.add(k);
  for (const compact of touched) {
    const id = uuidOf(compact);
    keys.add(objectKey('submissions', id));
    keys.add(objectKey('judgements', id));
    for (const k of log.runs.get(compact) ?? []) keys.add(k);
  }
  keys.delete(stateKey);
  const overlay = new Map<string, string | null>();
  for (const key of keys) {
    const a = admin.get(key);
    const p = open.get(key);
    const aJson = a ? jsonOf(a) : null;
    const pJson = p ? jsonOf(p) : null;
    const aChanged = aJson !== (viewOf(log, ['all', 'admin'], key)?.json ?? null);
    const pChanged = pJson !== (viewOf(log, ['all', 'public'], key)?.json ?? null);
    const o = a ?? p ?? deleted(key, now);
    if (aChanged && pChanged && aJson === pJson) plan('all', null, key, o, a?.data ?? null);
    else {
      if (aChanged) plan('admin', null, key, a ?? deleted(key, now), a?.data ?? null);
      if (pChanged) plan('public', null, key, p ?? deleted(key, now), p?.data ?? null);
    }
    if (pChanged) overlay.set(key, pJson);
  }

  // Each team's own clarifications, over what the public reads (the overlay: this sync's rows).
  const teamIds = new Set(snapshot.clarifications.map((q) => q.userId));
  for (const aud of log.latest.keys()) if (aud.startsWith('team:')) teamIds.add(aud.slice(5));
  for (const teamId of teamIds) {
    const own = new Map(
      teamClarifications(snapshot, { admin: false, teamId }).map((o) => [objectKey(o.type, o.id), o]),
    );
    const teamKeys = new Set([...own.keys(), ...(log.latest.get(`team:${teamId}`)?.keys() ?? [])]);
    for (const key of teamKeys) {
      const want = own.get(key);
      const wantJson = want ? canonical(want.data) : null;
      const team = log.latest.get(`team:${teamId}`)?.get(key);
      const publicRow = viewOf(log, ['all', 'public'], key);
      const seen = overlay.has(key)
        ? overlay.get(key)!
        : ((team && (!publicRow || team.id > publicRow.id) ? team : publicRow)?.json ?? null);
      if (wantJson !== seen) plan('team', teamId, key, want ?? deleted(key, now), want?.data ?? null);
    }
  }

  return planned.sort(appendOrder).map((p) => ({
    type: p.object.type,
    objectId: p.object.id,
    audience: p.audience,
    teamId: p.teamId,
    data: p.data,
  }));
}

interface Planned {
  audience: Audience;
  teamId: string | null;
  key: string;
  object: FeedObject;
  data: unknown;
  /** 1 for a team's own row: after the public row of the same object. */
  phase: number;
  /** The state that sets end_of_updates: the very last event. */
  final: boolean;
}

function appendOrder(a: Planned, b: Planned): number {
  if (a.final !== b.final) return a.final ? 1 : -1;
  const [x, y] = [a.object, b.object];
  if (x.at !== y.at) return x.at - y.at;
  if (x.order !== y.order) return x.order - y.order;
  const [i, j] = [x.id ?? '', y.id ?? ''];
  if (i !== j) return i < j ? -1 : 1;
  return a.phase - b.phase;
}

const jsonOf = (o: FeedObject) => canonical(o.data);

/** A delete event's place: now, after the objects of its kind. */
function deleted(key: string, now: number): FeedObject {
  const bar = key.indexOf('|');
  const type = key.slice(0, bar);
  const id = key.slice(bar + 1);
  return {
    type,
    id: id === '' ? null : id,
    at: now,
    order: ORDER[type as keyof typeof ORDER] ?? 0,
    data: null,
  };
}
