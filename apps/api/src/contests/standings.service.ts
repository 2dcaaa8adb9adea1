import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import type { ScoreboardCell } from '@javelin/contracts';
import Redis from 'ioredis';
import { EventEmitter } from 'node:events';
import { PerKeyCoalescer } from '../common/coalesce';
import { PreparedJson } from '../common/prepared-json';
import { StaleWhileRevalidate } from '../common/stale-while-revalidate';
import { Transactions } from '../common/transactions';
import { ENV, Env } from '../config/env';
import { KeyAnnouncements } from '../redis/key-announcements';
import { compareStandings, ranksOf, sharesRanks, type StandingKey } from './ranking';
import { REDIS } from '../redis/redis.module';
import {
  BoardContest,
  BoardRow,
  FirstSolvers,
  StandingsRepository,
  StandingsView,
} from './standings.repository';

const CHANNEL = 'contest-standings';
const CLOSING = Symbol('closing');
/** How long a computed top list is reused; bounds staleness across API instances. */
const CACHE_TTL_MS = 1_000;
/** The longest top list kept in memory per contest. */
const CACHED_ROWS = 1_000;
export const DEFAULT_LEADERBOARD_LIMIT = 100;
/**
 * Changes to one contest's standings within this long are shown together (issue 35): the first change of
 * a quiet contest at once, the rest of a burst in one refresh of the board and one announcement at the
 * window's end. On contest day a judgement or a solve lands every few hundred milliseconds, and each used
 * to make the next reader recompute the whole board, and every live stream read it again.
 */
export const STANDINGS_COALESCE_MS = 500;

/**
 * The standings everyone may see (during a freeze, only results from before it): the top rows, and
 * what has been read of them written as JSON. Cells are read per page as pages are asked for (the
 * default page before the board is served), so a refresh reads the cells of the rows shown only.
 */
interface Board {
  contest: BoardContest & { frozen: boolean };
  /** 'frozen' during a freeze. */
  view: StandingsView;
  rows: BoardRow[];
  /** First solves as the board shows them (frozen during a freeze, so also right for a participant's own row). */
  firsts: FirstSolvers;
  /** Each row read so far as JSON up to its rank (cells included), by user id. */
  heads: Map<string, string>;
  /** Pages of `rows` prepared as bytes, by 'limit:offset': a burst of readers writes each once. */
  pages: Map<string, Promise<PreparedJson>>;
}

/** The most pages of one board kept prepared. */
const PREPARED_PAGES = 32;

/** Who reads the standings: admins see through a freeze, a participant sees their own row as it is. */
export interface StandingsViewer {
  id: string;
  admin: boolean;
}

const keyOf = (row: BoardRow): StandingKey => ({ ...row.entry, lastAt: row.lastAt });

/** True when `a` is placed above `b` in the contest's format (ties go to the smaller user id, as in SQL). */
function ranksAbove(format: BoardContest['format'], a: BoardRow, b: BoardRow): boolean {
  const order = compareStandings(format, keyOf(a), keyOf(b));
  return order !== 0 ? order < 0 : a.entry.userId < b.entry.userId;
}

/**
 * Contest standings, maintained in `contest_scores` as solves commit (so reads never rescan
 * submissions), served from a short-lived cache, and announced to every API instance over Redis.
 */
@Injectable()
export class StandingsService implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Standings');
  /** The top rows per contest as everyone may see them, or null when no such contest exists (cached too, so unknown ids cost no more than known ones). */
  private readonly top = new StaleWhileRevalidate<string, Board | null>(CACHE_TTL_MS, (contestId) =>
    this.topIfExists(contestId),
  );
  private readonly changes = new EventEmitter();
  private readonly announcements: KeyAnnouncements;
  private readonly coalescer = new PerKeyCoalescer<string>(STANDINGS_COALESCE_MS, (contestId) => {
    this.invalidate(contestId);
    void this.announcements.announce(contestId);
  });

  constructor(
    private readonly repository: StandingsRepository,
    private readonly transactions: Transactions,
    @Inject(REDIS) redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.changes.setMaxListeners(0);
    this.announcements = new KeyAnnouncements(redis, env, CHANNEL, this.logger);
  }

  onModuleInit(): void {
    this.announcements.listen((contestId) => this.invalidate(contestId));
  }

  onModuleDestroy(): void {
    this.coalescer.flush();
    this.announcements.close();
  }

  /** Ends every live stream, so the HTTP server can finish its in-flight requests and close. */
  beforeApplicationShutdown(): void {
    this.changes.emit(CLOSING);
  }

  onClosing(listener: () => void): () => void {
    this.changes.once(CLOSING, listener);
    return () => this.changes.off(CLOSING, listener);
  }

  /**
   * Runs after a change commits, to push the new standings to live viewers on every instance: at once
   * for a quiet contest, or with the rest of its burst at most STANDINGS_COALESCE_MS later. Readers of
   * this instance wait for that refresh, so whoever made the change still sees it in the next read.
   */
  contestChanged(contestId: string): void {
    this.coalescer.changed(contestId);
  }

  /** Recomputes a contest's cells and totals from its judgements and solves (its end or freeze moved). */
  async recount(contestId: string): Promise<void> {
    await this.transactions.run((m) => this.repository.refreshContest(m, contestId));
  }

  /** Calls `listener` whenever the contest's standings change, on this or another instance; returns an unsubscribe. */
  onChange(contestId: string, listener: () => void): () => void {
    this.changes.on(contestId, listener);
    return () => this.changes.off(contestId, listener);
  }

  /**
   * The default page of the standings as everyone may see them (frozen during a freeze), best first
   * in the contest's format, as JSON: the same text the leaderboard route sends anonymous readers.
   */
  async sharedJson(contestId: string): Promise<string> {
    const board = await this.board(contestId);
    return board ? (await this.sharedPage(board, DEFAULT_LEADERBOARD_LIMIT, 0)).json : '[]';
  }

  /**
   * One page of standings as `viewer` may see them, or null when the contest does not exist. After
   * a change this instance saw, readers wait for the refresh (they see their own accept). An entry
   * that merely aged past the TTL is served at once and refreshed in the background, so readers
   * never queue behind that query. A page everyone sees alike is prepared once per refresh of the
   * cached rows. During a freeze an admin reads the real standings, and a participant reads everyone
   * else frozen with their own row as it really is, placed where it would rank among the frozen rows:
   * the shared rows' JSON is reused, only that row is written for them.
   */
  async standingsBody(
    contestId: string,
    limit = DEFAULT_LEADERBOARD_LIMIT,
    offset = 0,
    viewer?: StandingsViewer,
  ): Promise<PreparedJson | null> {
    const board = await this.board(contestId);
    if (board === null) return null;
    const { contest } = board;
    if (contest.frozen && viewer?.admin) return this.readPage(board, 'real', limit, offset);
    if (offset + limit > CACHED_ROWS) return this.readPage(board, board.view, limit, offset);
    const shared = await this.sharedPage(board, limit, offset);
    if (!(contest.frozen && viewer)) return shared;
    const own = await this.repository.ownRow(contest, viewer.id, board.firsts);
    if (!own) return shared;
    const rows = withOwnRow(contest, board.rows, own.row).slice(offset, offset + limit);
    // Everyone but the viewer as the shared page wrote them; a row moved onto the page by the viewer's is read here.
    await this.readHeads(
      board,
      rows.filter((r) => r !== own.row),
    );
    const ownHead = rowHead(own.row, own.cells);
    const headOf = (r: BoardRow) => (r === own.row ? ownHead : board.heads.get(r.entry.userId)!);
    // Most participants are not on the page, or show there as everyone sees them: those get the shared bytes.
    const shown = board.rows.slice(offset, offset + limit);
    if (
      rows.length === shown.length &&
      rows.every((r, i) => headOf(r) === board.heads.get(shown[i].entry.userId))
    )
      return shared;
    return new PreparedJson(pageJson(rows, offset, headOf), 'personal');
  }

  /** The cached board, once every change this instance made to it has been applied (at most one window later). */
  private async board(contestId: string): Promise<Board | null> {
    await this.coalescer.settled(contestId);
    return this.top.get(contestId);
  }

  /** A page beyond the cached rows, or in another view than the board's, read for this request alone. */
  private async readPage(
    board: Board,
    view: StandingsView,
    limit: number,
    offset: number,
  ): Promise<PreparedJson> {
    const rows = await this.repository.rows(board.contest, view, limit, offset);
    const firsts =
      view === board.view ? board.firsts : await this.repository.firstSolvers(board.contest.id, view);
    const cells = await this.repository.cellsOf(
      board.contest.id,
      view,
      rows.map((r) => r.entry.userId),
      firsts,
    );
    return new PreparedJson(
      pageJson(rows, offset, (r) => rowHead(r, cells.get(r.entry.userId))),
      'personal',
    );
  }

  /** A page of the shared board, prepared once per board (concurrent readers share the one preparation). */
  private sharedPage(board: Board, limit: number, offset: number): Promise<PreparedJson> {
    const key = `${limit}:${offset}`;
    let page = board.pages.get(key);
    if (page === undefined) {
      const rows = board.rows.slice(offset, offset + limit);
      page = this.readHeads(board, rows).then(
        () => new PreparedJson(pageJson(rows, offset, (r) => board.heads.get(r.entry.userId)!)),
      );
      if (board.pages.size < PREPARED_PAGES) {
        board.pages.set(key, page);
        // A failed read is not kept: the next reader tries again.
        page.catch(() => board.pages.delete(key));
      }
    }
    return page;
  }

  /** Writes the JSON of the rows not yet written, with their cells read in one query. */
  private async readHeads(board: Board, rows: BoardRow[]): Promise<void> {
    const missing = rows.filter((r) => !board.heads.has(r.entry.userId));
    if (missing.length === 0) return;
    const cells = await this.repository.cellsOf(
      board.contest.id,
      board.view,
      missing.map((r) => r.entry.userId),
      board.firsts,
    );
    for (const row of missing) board.heads.set(row.entry.userId, rowHead(row, cells.get(row.entry.userId)));
  }

  /** The board with its default page prepared and compressed, so readers never wait for either. */
  private async topIfExists(contestId: string): Promise<Board | null> {
    const contest = await this.repository.boardContest(contestId);
    if (!contest) return null;
    const view = contest.frozen ? 'frozen' : 'real';
    const [rows, firsts] = await Promise.all([
      this.repository.rows(contest, view, CACHED_ROWS, 0),
      this.repository.firstSolvers(contest.id, view),
    ]);
    const board: Board = { contest, view, rows, firsts, heads: new Map(), pages: new Map() };
    await (await this.sharedPage(board, DEFAULT_LEADERBOARD_LIMIT, 0)).gzip();
    return board;
  }

  private invalidate(contestId: string): void {
    this.top.invalidate(contestId);
    this.changes.emit(contestId);
  }
}

/** A row as JSON up to its rank: written once per board, the rank is joined in where it is shown. */
function rowHead(row: BoardRow, cells: ScoreboardCell[] = []): string {
  return `${JSON.stringify({ ...row.entry, cells }).slice(0, -1)},"rank":`;
}

/** The rows as a JSON array, ranked by their shared rank (ICPC, IOI) or by their place from `offset` on (points). */
function pageJson(rows: BoardRow[], offset: number, headOf: (row: BoardRow) => string): string {
  return `[${rows.map((row, i) => `${headOf(row)}${row.sharedRank ?? offset + i + 1}}`).join(',')}]`;
}

/**
 * The frozen rows with the viewer's own row replaced by its real one, placed where it ranks. ICPC and
 * IOI: the shared ranks are reckoned again over the list (it starts at rank 1), so the viewer's row
 * shares the rank of the frozen rows it ties and the rows it passed move down by one. `own` is read
 * for this request alone (the caller finds it by identity); a cached row whose rank moves is copied.
 */
function withOwnRow(contest: BoardContest, rows: BoardRow[], own: BoardRow): BoardRow[] {
  const others = rows.filter((r) => r.entry.userId !== own.entry.userId);
  let at = others.findIndex((r) => ranksAbove(contest.format, own, r));
  if (at === -1) at = others.length;
  if (at === others.length && others.length >= CACHED_ROWS) return rows;
  others.splice(at, 0, own);
  if (!sharesRanks(contest.format)) return others;
  const ranks = ranksOf(contest.format, others, keyOf);
  return others.map((r, i) => {
    if (r === own) return Object.assign(own, { sharedRank: ranks[i] });
    return r.sharedRank === ranks[i] ? r : { ...r, sharedRank: ranks[i] };
  });
}
