import { Inject, Injectable, Logger } from '@nestjs/common';
import { isAdminRoles } from '@javelin/contracts';
import Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { InstanceEvents } from '../redis/instance-events';
import { REDIS } from '../redis/redis.module';
import type { AuthUser } from '../users/users.service';

const CHANNEL = 'contest-events';

/**
 * Who may receive an event. Never sent to clients: each stream checks it against its own
 * authenticated viewer, so a private event is written only to the streams allowed to read it.
 */
export type StreamAudience =
  | { everyone: true }
  /** Admins and this one user (an asker and their private answer). */
  | { adminsAndUser: string }
  /** Everyone else: neither an admin nor this user (the anonymous copy of a public answer). */
  | { allButAdminsAndUser: string };

export interface ContestStreamEvent {
  /** The SSE event name: 'announcement' or 'clarification'. */
  type: string;
  data: object;
  audience: StreamAudience;
}

interface Envelope {
  contestId: string;
  event: ContestStreamEvent;
}

/** Whether `viewer` (undefined when anonymous) may receive an event sent to `audience`. */
export function mayReceive(audience: StreamAudience, viewer: AuthUser | undefined): boolean {
  if ('everyone' in audience) return true;
  const privileged = (userId: string) => !!viewer && (isAdminRoles(viewer.roles) || viewer.id === userId);
  if ('adminsAndUser' in audience) return privileged(audience.adminsAndUser);
  return !privileged(audience.allButAdminsAndUser);
}

/**
 * Events for the open pages of a contest (announcements, clarifications), published over Redis so
 * that a stream on any API instance receives them within milliseconds.
 */
@Injectable()
export class ContestEventsService extends InstanceEvents {
  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env) {
    super(redis, env, CHANNEL, new Logger('ContestEvents'));
  }

  /** Sends events to every stream of the contest on every instance; each is kept first, so a lost one is only late. */
  async publish(contestId: string, ...events: ContestStreamEvent[]): Promise<void> {
    for (const event of events) {
      const envelope: Envelope = { contestId, event };
      await this.channel.publish(JSON.stringify(envelope));
    }
  }

  /** Calls `listener` with every event of the contest; returns an unsubscribe. */
  onEvent(contestId: string, listener: (event: ContestStreamEvent) => void): () => void {
    return this.listen(contestId, listener);
  }

  protected deliver(message: string): void {
    try {
      const { contestId, event } = JSON.parse(message) as Envelope;
      this.local.emit(contestId, event);
    } catch (error) {
      this.logger.warn(`ignoring a malformed contest event: ${(error as Error).message}`);
    }
  }
}
