import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ServerMessages } from '@javelin/contracts';
import { ENV, Env } from '../config/env';
import type { Tx } from '../common/transactions';
import { clicsError } from './clics-error';
import type { ClicsViewer } from './clics-objects';
import { freezeTimeOf } from '../contests/contest.entity';
import { ClicsRepository } from './clics.repository';
import type { ClicsContestRow } from './clics-rows';
import { ClicsService } from './clics.service';
import { canonical, stateHistory, type FeedEvent, type FeedSnapshot } from './event-feed';
import { plannedRows } from './event-log-changes';
import { compactOf, emptyLog, isClosed, JUDGING, remember, type ContestLog } from './event-log-knowledge';
import { FeedTokens } from './feed-tokens';
import { EventLogRepository, type NewLogRow } from './event-log.repository';

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
      log = emptyLog();
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
    return plannedRows(contest, snapshot, touched, log, now);
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
