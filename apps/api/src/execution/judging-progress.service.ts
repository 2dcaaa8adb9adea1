import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { VerdictMessages, type ExecuteCodeResponse, type JudgingProgress } from '@javelin/contracts';
import type Redis from 'ioredis';
import { Observable } from 'rxjs';
import { isConnectionError } from '../common/connection-errors';
import { REDIS } from '../redis/redis.module';
import { JudgeClient, judgeUnavailable } from './judge-client.service';

/** How long a judgement's record is kept: longer than any judgement waits (the judge's result timeout). */
const RECORD_TTL_SECONDS = 15 * 60;
/** How often an open stream looks at its judgement. */
const POLL_MS = 150;
/** How long a stream opened just before its POST reached the judge waits for the judgement to appear. */
const APPEAR_WAIT_MS = 3_000;
/** A stream never outlives this, whatever the judge does. */
const STREAM_LIMIT_MS = 10 * 60_000;

/** The last word of a judgement: its verdict, or that it failed. */
type JudgingEnd = Extract<JudgingProgress, { state: 'done' | 'failed' }>;

/** What is kept of one run or submit while it is judged, under its owner and request id. */
interface JudgingRecord {
  jobId: string;
  total: number;
  end?: JudgingEnd;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** The last word of a judgement: its verdict and the first failing test (examples first, 1-based). */
export function doneOf(response: ExecuteCodeResponse): JudgingEnd {
  const failed = response.results.findIndex((r) => !r.passed);
  return {
    state: 'done',
    verdict: response.verdict,
    ...(failed >= 0 && response.verdict !== 'compilation_error' ? { failedTest: failed + 1 } : {}),
    passedCount: response.passedCount,
    totalCount: response.totalCount,
  };
}

/**
 * The progress of runs and submits (issue 30): each judgement is kept in Redis under its owner's id and
 * the X-Request-Id its POST carried, so any API instance can stream it, and only to that owner; while
 * it is judged the stream follows the judge queue (its place in the queue, then the tests finished).
 */
@Injectable()
export class JudgingProgressService {
  private readonly logger = new Logger('JudgingProgress');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly judge: JudgeClient,
  ) {}

  private key(userId: string, requestId: string): string {
    return `judging:${userId}:${requestId}`;
  }

  /** Keeps the judgement's job before it is queued; never fails the judgement itself. */
  async started(userId: string, requestId: string, jobId: string, total: number): Promise<void> {
    await this.write(userId, requestId, { jobId, total });
  }

  /** The judgement's last word, which ends its stream. */
  async ended(userId: string, requestId: string, jobId: string, end: JudgingEnd): Promise<void> {
    await this.write(userId, requestId, { jobId, total: 0, end });
  }

  private async write(userId: string, requestId: string, record: JudgingRecord): Promise<void> {
    try {
      await this.redis.set(this.key(userId, requestId), JSON.stringify(record), 'EX', RECORD_TTL_SECONDS);
    } catch (error) {
      // Progress is a courtesy: a judgement goes on without it.
      this.logger.warn(`progress not kept: ${(error as Error).message}`);
    }
  }

  private async read(userId: string, requestId: string): Promise<JudgingRecord | null> {
    const raw = await this.redis.get(this.key(userId, requestId));
    return raw ? (JSON.parse(raw) as JudgingRecord) : null;
  }

  /**
   * The user's judgement under this request id, waited for a few seconds (the stream may be opened
   * as the POST starts); a 404 when there is none of theirs.
   */
  async requireOwn(userId: string, requestId: string): Promise<void> {
    const until = Date.now() + APPEAR_WAIT_MS;
    for (;;) {
      const found = await this.read(userId, requestId).catch((error: unknown) => {
        // Redis away: a 503 that says when to try again, never a 500.
        if (isConnectionError(error)) throw judgeUnavailable();
        throw error;
      });
      if (found) return;
      if (Date.now() >= until) throw new NotFoundException(VerdictMessages.progressNotFound);
      await sleep(POLL_MS);
    }
  }

  /** Each change of the judgement's progress, ending with its last word. */
  stream(userId: string, requestId: string): Observable<JudgingProgress> {
    return new Observable<JudgingProgress>((subscriber) => {
      let closed = false;
      void (async () => {
        let last = '';
        const until = Date.now() + STREAM_LIMIT_MS;
        while (!closed && Date.now() < until) {
          const now = await this.now(userId, requestId).catch((error: unknown) => {
            if (isConnectionError(error)) return null;
            throw error;
          });
          if (closed) return;
          if (now && JSON.stringify(now) !== last) {
            last = JSON.stringify(now);
            subscriber.next(now);
            if (now.state === 'done' || now.state === 'failed') break;
          }
          await sleep(POLL_MS);
        }
        subscriber.complete();
      })().catch((error: unknown) => subscriber.error(error));
      return () => {
        closed = true;
      };
    });
  }

  /** Where the judgement stands now; null while that cannot be told (Redis away, job not yet queued). */
  private async now(userId: string, requestId: string): Promise<JudgingProgress | null> {
    const record = await this.read(userId, requestId);
    if (!record) return { state: 'failed' };
    if (record.end) return record.end;
    const standing = await this.judge.standing(record.jobId);
    if (standing.state === 'waiting')
      return { state: 'queued', position: standing.position, total: record.total };
    if (standing.state === 'active')
      return { state: 'judging', judged: Math.min(standing.judged, record.total), total: record.total };
    return null;
  }
}
