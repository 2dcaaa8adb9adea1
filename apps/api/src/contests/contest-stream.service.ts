import { Injectable, type MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';
import { SessionEvents } from '../users/session-events.service';
import type { AuthUser } from '../users/users.service';
import { ContestEventsService, mayReceive } from './contest-events.service';
import { ContestsService } from './contests.service';
import { StandingsService } from './standings.service';

/** Pushes at most this often, however fast accepts arrive. */
const STREAM_THROTTLE_MS = 250;
const STREAM_HEARTBEAT_MS = 25_000;

/**
 * A contest's server-sent events (`GET /api/contests/:id/leaderboard/stream`): the standings now, then
 * again within a quarter of a second of every change; announcements and clarifications as they happen,
 * each only to the viewers allowed to read it; a heartbeat meanwhile. A signed-in viewer's stream closes
 * when their sessions change (a role granted or removed, their tokens revoked): what it may receive was
 * decided by the roles it was opened with, so a reconnect decides anew. The CLICS feed's counterpart
 * is clics/event-feed.stream.ts.
 */
@Injectable()
export class ContestStreamService {
  constructor(
    private readonly contests: ContestsService,
    private readonly standings: StandingsService,
    private readonly events: ContestEventsService,
    private readonly sessions: SessionEvents,
  ) {}

  /** The stream of contest `id` for `viewer` (anonymous: undefined); an unknown contest is a 404 here. */
  async open(id: string, viewer?: AuthUser): Promise<Observable<MessageEvent>> {
    await this.contests.requireContest(id);
    return new Observable<MessageEvent>((subscriber) => {
      let timer: NodeJS.Timeout | undefined;
      let closed = false;
      const push = () => {
        timer = undefined;
        // The shared page's JSON as prepared for the leaderboard route: no serialising per viewer.
        this.standings
          .sharedJson(id)
          .then((json) => !closed && subscriber.next({ type: 'leaderboard', data: json }))
          .catch(() => undefined);
      };
      const schedule = () => {
        timer ??= setTimeout(push, STREAM_THROTTLE_MS);
      };
      const unsubscribe = this.standings.onChange(id, schedule);
      const stopEvents = this.events.onEvent(id, (event) => {
        if (!closed && mayReceive(event.audience, viewer))
          subscriber.next({ type: event.type, data: event.data });
      });
      const stopOnClose = this.standings.onClosing(() => subscriber.complete());
      const stopOnSessionChange = viewer
        ? this.sessions.onChange(viewer.id, () => subscriber.complete())
        : () => undefined;
      const heartbeat = setInterval(
        () => subscriber.next({ type: 'heartbeat', data: {} }),
        STREAM_HEARTBEAT_MS,
      );
      push();
      return () => {
        closed = true;
        unsubscribe();
        stopEvents();
        stopOnClose();
        stopOnSessionChange();
        clearInterval(heartbeat);
        if (timer) clearTimeout(timer);
      };
    });
  }
}
