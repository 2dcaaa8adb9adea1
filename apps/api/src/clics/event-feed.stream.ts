import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ContestEventsService } from '../contests/contest-events.service';
import { StandingsService } from '../contests/standings.service';
import type { ClicsViewer } from './clics-objects';
import { endsFeedEvent, eventLine, type FeedEvent } from './event-feed';
import { EventLogService } from './event-log.service';

/** A newline at least this often keeps the connection alive (the spec asks for one within 120 s). */
export const KEEP_ALIVE_MS = 30_000;
/**
 * Looked at again this often without a change: state changes (start, freeze, end) come with time
 * alone, and a change another instance made without a message reaching this one still shows.
 */
const POLL_MS = 5_000;
/** A burst of changes is read once. */
const SETTLE_MS = 200;

/**
 * Writes a contest's event feed as NDJSON from the event log: what is logged now, then (unless
 * stream=false) every new event as it is appended, the log synced within moments of a change on any
 * instance (the standings' and the contest's Redis channels; at most once a second per contest) or
 * every few seconds, until end_of_updates has been sent.
 */
@Injectable()
export class EventFeedStream {
  constructor(
    private readonly log: EventLogService,
    private readonly standings: StandingsService,
    private readonly contestEvents: ContestEventsService,
  ) {}

  async send(
    res: Response,
    contestId: string,
    viewer: ClicsViewer,
    options: { sinceToken?: string; stream: boolean },
  ): Promise<void> {
    // Refusals (an unknown contest, a bad token) happen here, before the headers go out.
    const first = await this.log.events(contestId, viewer, options.sinceToken);
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.write(first.map(eventLine).join(''));
    const last = first.at(-1);
    if (!options.stream || (last && endsFeedEvent(last))) {
      res.end();
      return;
    }
    res.flushHeaders();
    this.follow(res, await this.log.contestKey(contestId), viewer, last?.token ?? options.sinceToken ?? '0');
  }

  private follow(res: Response, contestId: string, viewer: ClicsViewer, since: string): void {
    let token = since;
    let reading = false;
    let again = false;
    let closed = false;
    let wroteAt = Date.now();
    let settle: NodeJS.Timeout | undefined;
    const read = async () => {
      if (closed) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const events: FeedEvent[] = await this.log.follow(contestId, viewer, token);
        if (closed) return;
        if (events.length > 0) {
          res.write(events.map(eventLine).join(''));
          wroteAt = Date.now();
          token = events.at(-1)!.token;
          if (endsFeedEvent(events.at(-1)!)) return stop();
        }
      } catch {
        // The contest was deleted, or the database is away: the client reconnects with its token.
        return stop();
      } finally {
        reading = false;
      }
      if (again) {
        again = false;
        void read();
      }
    };
    const soon = () => {
      settle ??= setTimeout(() => {
        settle = undefined;
        void read();
      }, SETTLE_MS);
    };
    const poll = setInterval(() => void read(), POLL_MS);
    const keepAlive = setInterval(() => {
      if (Date.now() - wroteAt >= KEEP_ALIVE_MS - 1_000) {
        res.write('\n');
        wroteAt = Date.now();
      }
    }, KEEP_ALIVE_MS / 3);
    const offStandings = this.standings.onChange(contestId, soon);
    const offEvents = this.contestEvents.onEvent(contestId, soon);
    const offClosing = this.standings.onClosing(() => stop());
    function stop() {
      if (closed) return;
      closed = true;
      clearInterval(poll);
      clearInterval(keepAlive);
      if (settle) clearTimeout(settle);
      offStandings();
      offEvents();
      offClosing();
      if (!res.writableEnded) res.end();
    }
    res.on('close', stop);
  }
}
