import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ServerMessages } from '@javelin/contracts';
import { ENV, Env } from '../config/env';
import type { Tx } from '../common/transactions';
import { clicsError } from './clics-error';
import { PUBLIC_VIEWER, type ClicsViewer } from './clics-objects';
import { freezeTimeOf } from '../contests/contest.entity';
import { ClicsRepository, type ClicsContestRow } from './clics.repository';
import { ClicsService } from './clics.service';
import {
  canonical,
  endsFeed,
  feedObjects,
  objectKey,
  ORDER,
  stateHistory,
  teamClarifications,
  type FeedEvent,
  type FeedObject,
  type FeedSnapshot,
} from './event-feed';
import { FeedTokens } from './feed-tokens';
import { EventLogRepository, type Audience, type LogRow, type NewLogRow } from './event-log.repository';

/** The newest logged version of one object for one audience: canonical JSON, null once deleted. */
interface Logged {
  id: number;
  json: string | null;
}

/** What this instance knows of a contest's log: it catches up from the table before each sync. */
interface ContestLog {
  lastId: number;
  /** audience key ('all', 'admin', 'public', 'team:<id>') → object key → newest row. */
  latest: Map<string, Map<string, Logged>>;
  /** The sources' fingerprint when the log was last brought up to date from them. */
  fingerprint: string | null;
  /**
   * Each submit (by its id without dashes) → what its submission, judgement and runs were last made
   * of (its row version, the contest's start, freeze and unfreeze): a submit whose basis is unchanged
   * has nothing new to log, so a sync builds and compares the objects of new and changed submits only.
   */
  judged: Map<string, string>;
  /** False until a sync built `judged` (this instance's first): then every logged submit is compared. */
  judgedKnown: boolean;
  /** The logged objects not made of a submit (contest, problems, teams, …), any audience. */
  others: Set<string>;
  /** A submit (id without dashes) → the keys of its logged runs. */
  runs: Map<string, Set<string>>;
  usedAt: number;
}

interface Syncing {
  running: Promise<void> | null;
  queued: Promise<void> | null;
  /** Ends the wait of a queued sync at once (a caller that wants it now). */
  wake: (() => void) | null;
  /** A caller that wants it now joined the queued sync: it waits for no gap. */
  urgent: boolean;
  startedAt: number;
}

/** A stream's syncs are at least this far apart per contest; a stream=false read waits for none. */
export const SYNC_GAP_MS = 1_000;
/**
 * Syncs of different contests running at once on this instance: each holds a connection for its
 * transaction (the lock) and reads its sources on up to five more, so the pool (20) never runs dry.
 */
const MAX_SYNCS = 2;
/** A contest's log is forgotten by this instance after this long without a read (it is read again). */
const FORGET_MS = 10 * 60_000;

/**
 * The CLICS event feed as an append-only log (table clics_events), so a token (the row's id) means
 * the same event for ever and a change is announced even when it commits late.
 *
 * A per-contest *sync* works out the contest's objects as each audience should see them now (the
 * code the REST endpoints use), compares each (type, id) with the newest logged version that
 * audience reads, and appends only the changes: new, changed and deleted (data null) objects. It
 * holds a PostgreSQL advisory lock per contest for its whole transaction, so two readers (on any
 * instance) never append the same change twice, and within a contest rows become visible in id
 * order: a reader that resumes after id N never misses a row committed later with a smaller id.
 * It runs before each feed read and package export, and within a second of any change for the
 * streams (at most once a second per contest). When the sources' fingerprint (one query) is what
 * it was at the last sync, nothing else is read: an idle sync is a lock, two small queries and no
 * object built. Otherwise the objects of the contest, its problems, teams and clarifications are
 * built again, but of the submissions only the new and changed ones (a new submit, a rejudge, a
 * moved start or freeze), whose per-test results (for their runs) are the only ones read.
 *
 * Audiences: objects an admin and everyone else see alike are logged once for `all`; where they
 * differ (a submission's files, a judgement hidden by the freeze, runs) each gets its own row,
 * `admin` or `public` (the public and every team). A team's own clarifications (its question, the
 * answer that replies to it) are `team` rows read by that team only, appended after any public row
 * of the same object, so the newest row a team reads is always its own view.
 *
 * The freeze: a judgement of a submission made during the freeze is logged for admins when it
 * happens, and for the public only when the contest is unfrozen: the sync then finds the public's
 * view changed and appends it as a new event after every token already given out. So a resumed
 * public feed never has to look back; the order of events is the order they became visible to that
 * reader, which the spec allows (an event may be delivered later than its object's time).
 *
 * Once the state that sets end_of_updates is logged, the log is closed: nothing is appended after
 * it, as the spec asks.
 */
@Injectable()
export class EventLogService {
  private readonly logs = new Map<string, ContestLog>();
  private readonly syncing = new Map<string, Syncing>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly log: EventLogRepository,
    private readonly repository: ClicsRepository,
    private readonly clics: ClicsService,
    private readonly tokens: FeedTokens,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * The events `viewer` reads after `sinceToken` (all without one), the log brought up to date first.
   * A token this feed never gave `viewer` is a 400. Tokens are sealed (FeedTokens): they count nothing.
   */
  async events(contestId: string, viewer: ClicsViewer, sinceToken?: string): Promise<FeedEvent[]> {
    const contest = await this.clics.requireContest(contestId);
    const since = sinceToken === undefined ? '0' : this.tokens.open(contest.id, sinceToken);
    if (since === null) throw clicsError(HttpStatus.BAD_REQUEST, ServerMessages.clicsBadSinceToken);
    await this.sync(contest.id);
    if (since !== '0' && !(await this.log.hasToken(contest.id, viewer, since)))
      throw clicsError(HttpStatus.BAD_REQUEST, ServerMessages.clicsBadSinceToken);
    return this.sealed(contest.id, await this.log.events(contest.id, viewer, since));
  }

  /** The contest's own key (its UUID) from the id a reader named it by. */
  async contestKey(contestId: string): Promise<string> {
    return (await this.clics.requireContest(contestId)).id;
  }

  /**
   * The events after `afterToken` (a token this feed gave, or '0': from the beginning) for a stream of
   * the contest `contestKey`: synced at most once a second per contest.
   */
  async follow(contestKey: string, viewer: ClicsViewer, afterToken: string): Promise<FeedEvent[]> {
    const after = afterToken === '0' ? '0' : this.tokens.open(contestKey, afterToken);
    if (after === null) throw clicsError(HttpStatus.BAD_REQUEST, ServerMessages.clicsBadSinceToken);
    await this.sync(contestKey, SYNC_GAP_MS);
    return this.sealed(contestKey, await this.log.events(contestKey, viewer, after));
  }

  private sealed(contestKey: string, events: FeedEvent[]): FeedEvent[] {
    return events.map((e) => ({ ...e, token: this.tokens.seal(contestKey, e.token) }));
  }

  /**
   * Brings the contest's log up to date. Calls made while a sync waits join it; a call made while one
   * runs gets the next one, which starts after it (so it sees every change committed before the call),
   * no sooner than `gapMs` after the last one started.
   */
  sync(contestId: string, gapMs = 0): Promise<void> {
    let s = this.syncing.get(contestId);
    if (!s) {
      s = { running: null, queued: null, wake: null, urgent: false, startedAt: 0 };
      this.syncing.set(contestId, s);
    }
    const state = s;
    if (state.queued) {
      if (gapMs === 0) {
        state.urgent = true;
        state.wake?.();
      }
      return state.queued;
    }
    const queued = (async () => {
      await state.running?.catch(() => undefined);
      const wait = state.urgent ? 0 : state.startedAt + gapMs - Date.now();
      if (wait > 0)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          state.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      state.wake = null;
      state.urgent = false;
      state.queued = null;
      state.startedAt = Date.now();
      const running = this.syncNow(contestId);
      state.running = running;
      try {
        await running;
      } finally {
        if (state.running === running) state.running = null;
      }
    })();
    state.queued = queued;
    return queued;
  }

  private async syncNow(contestId: string): Promise<void> {
    if (this.active >= MAX_SYNCS) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      await this.syncLocked(contestId);
    } finally {
      // Hands the slot on (or frees it).
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  private async syncLocked(contestId: string): Promise<void> {
    this.forgetIdle();
    try {
      await this.log.transaction(async (tx) => {
        await this.log.lock(tx, contestId);
        const log = await this.catchUp(tx, contestId);
        if (isClosed(log)) return;
        const fingerprint = await this.repository.fingerprint(contestId);
        // The clock moves the state (started, frozen, ended) with no row changing.
        const contest = await this.repository.contest(contestId);
        if (!contest || fingerprint === null) return;
        const now = this.clics.now();
        const stamp = `${fingerprint}#${canonical(stateHistory(contest, now).at(-1)!.data)}`;
        if (stamp === log.fingerprint) return;
        const rows = await this.changes(contest, log, now);
        if (rows.length > 0) {
          await this.log.append(tx, contestId, rows);
          await this.catchUp(tx, contestId, true);
        }
        log.fingerprint = stamp;
      });
    } catch (error) {
      // What this instance knew may include rows that were rolled back: read the log again next time.
      this.logs.delete(contestId);
      throw error;
    }
  }

  /** Reads the rows appended since this instance last looked (by anyone), into its knowledge of the log. */
  private async catchUp(tx: Tx, contestId: string, own = false): Promise<ContestLog> {
    let log = this.logs.get(contestId);
    const { rows, maxId } = await this.log.rowsAfter(tx, contestId, log?.lastId ?? 0);
    if (!log || maxId < log.lastId) {
      // First look, or the log was emptied under us (the contest was recreated): start over.
      if (log) return this.catchUpFresh(tx, contestId);
      log = {
        lastId: 0,
        latest: new Map(),
        fingerprint: null,
        judged: new Map(),
        judgedKnown: false,
        others: new Set(),
        runs: new Map(),
        usedAt: Date.now(),
      };
      this.logs.set(contestId, log);
    }
    for (const row of rows) {
      remember(log, row);
      // Another instance logged this submit: build its objects again next time, to compare.
      if (!own && JUDGING.has(row.type))
        log.judged.set(compactOf(row.type, row.objectId!), 'logged elsewhere');
    }
    if (rows.length > 0 && !own) {
      log.lastId = rows.at(-1)!.id;
      // Someone else's rows: compare with the sources anew.
      log.fingerprint = null;
    } else if (rows.length > 0) log.lastId = rows.at(-1)!.id;
    log.usedAt = Date.now();
    return log;
  }

  private catchUpFresh(tx: Tx, contestId: string): Promise<ContestLog> {
    this.logs.delete(contestId);
    return this.catchUp(tx, contestId);
  }

  private forgetIdle(): void {
    const now = Date.now();
    for (const [id, log] of this.logs) if (now - log.usedAt > FORGET_MS) this.logs.delete(id);
  }

  /** The rows that bring each audience's newest view to the contest's objects now, in append order. */
  private async changes(contest: ClicsContestRow, log: ContestLog, now: number): Promise<NewLogRow[]> {
    const { snapshot, touched } = await this.snapshot(contest, log, now);
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

  /**
   * The contest's rows as the sync needs them: of the submits, only those whose objects may have
   * changed (new, rejudged, or the contest's start, freeze or unfreeze moved), with their per-test
   * results; `touched` names them and the ones that are gone (ids without dashes).
   */
  private async snapshot(
    contest: ClicsContestRow,
    log: ContestLog,
    now: number,
  ): Promise<{ snapshot: FeedSnapshot; touched: Set<string> }> {
    const [problems, roster, judgements, clarifications, awards] = await Promise.all([
      this.repository.problems(contest.id),
      this.clics.roster(contest),
      this.repository.judgementVersions(contest.id),
      this.repository.clarifications(contest.id),
      this.clics.awards(contest),
    ]);
    const times = [contest.startTime, freezeTimeOf(contest), contest.unfrozenAt].map(
      (d) => d?.getTime() ?? '',
    );
    const basis = (version: string) => `${version}@${times.join('@')}`;
    const judged = new Map(judgements.map((j) => [j.id.replace(/-/g, ''), basis(j.version)]));
    const changed = judgements.filter((j) => log.judged.get(j.id.replace(/-/g, '')) !== basis(j.version));
    const touched = new Set(changed.map((j) => j.id.replace(/-/g, '')));
    for (const id of log.judged.keys()) if (!judged.has(id)) touched.add(id);
    if (!log.judgedKnown) for (const compact of log.runs.keys()) touched.add(compact);
    if (!log.judgedKnown)
      for (const aud of ['all', 'admin', 'public'])
        for (const key of log.latest.get(aud)?.keys() ?? [])
          if (key.startsWith('submissions|')) touched.add(compactOf('submissions', key.slice(12)));
    const results = await this.repository.results(
      contest.id,
      changed.map((j) => j.id),
    );
    for (const j of changed) j.results = results.get(j.id) ?? [];
    log.judged = judged;
    log.judgedKnown = true;
    return {
      snapshot: {
        contest,
        problems,
        teams: roster.teams,
        roster,
        judgements: changed,
        clarifications,
        awards,
        defaultTimeLimitMs: this.env.judgeLimits.cpuTimeMs,
        now,
      },
      touched,
    };
  }
}

/** The kinds of object made of one submit. */
const JUDGING = new Set(['submissions', 'judgements', 'runs']);

/** The submit an object of JUDGING is made of, by its id without dashes (a run's id starts with it). */
function compactOf(type: string, id: string): string {
  return type === 'runs' ? id.slice(0, id.lastIndexOf('-')) : id.replace(/-/g, '');
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

/** A submit's UUID from its id without dashes. */
function uuidOf(c: string): string {
  return `${c.slice(0, 8)}-${c.slice(8, 12)}-${c.slice(12, 16)}-${c.slice(16, 20)}-${c.slice(20)}`;
}

function remember(log: ContestLog, row: LogRow): void {
  const audience = row.audience === 'team' ? `team:${row.teamId}` : row.audience;
  let objects = log.latest.get(audience);
  if (!objects) log.latest.set(audience, (objects = new Map()));
  const key = objectKey(row.type, row.objectId);
  if (row.type === 'runs') {
    const compact = compactOf('runs', row.objectId!);
    let runs = log.runs.get(compact);
    if (!runs) log.runs.set(compact, (runs = new Set()));
    runs.add(key);
  } else if (!JUDGING.has(row.type)) log.others.add(key);
  objects.set(key, {
    id: row.id,
    json: row.data === null ? null : canonical(row.data),
  });
}

/** The newest row among `audiences` for an object. */
function viewOf(log: ContestLog, audiences: string[], key: string): Logged | undefined {
  let newest: Logged | undefined;
  for (const aud of audiences) {
    const row = log.latest.get(aud)?.get(key);
    if (row && (!newest || row.id > newest.id)) newest = row;
  }
  return newest;
}

function isClosed(log: ContestLog): boolean {
  const state = viewOf(log, ['all', 'admin'], objectKey('state', null));
  return !!state?.json && endsFeed('state', JSON.parse(state.json));
}
