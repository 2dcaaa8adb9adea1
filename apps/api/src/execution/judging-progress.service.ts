import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  VerdictMessages,
  type ExecuteCodeResponse,
  type GroupProgress,
  type GroupProgressState,
  type JudgingProgress,
  type TestGroup,
} from '@javelin/contracts';
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
/**
 * The cadence of hidden tests' progress (issue 47): their finished count is sampled once per tick,
 * counted from the stream's opening, never as each finishes, so a stream times no hidden test closer
 * than this (a program that sleeps its input would otherwise give the inputs back).
 */
export const HIDDEN_TICK_MS = 1_000;

/** The last word of a judgement: its verdict, or that it failed. */
type JudgingEnd = Extract<JudgingProgress, { state: 'done' | 'failed' }>;

/**
 * A scoring problem's groups as a submit judges them (issue 31): the groups in order, and for each test
 * of the job (examples first) the index of its group in `groups`, -1 for an example.
 */
export interface GroupLayout {
  groups: TestGroup[];
  testGroup: number[];
}

/** What is kept of one run or submit while it is judged, under its owner and request id. */
interface JudgingRecord {
  jobId: string;
  total: number;
  /** The examples among the tests (judged first): their progress is shown as it happens. */
  examples?: number;
  layout?: GroupLayout;
  end?: JudgingEnd;
}

/** The layout of a scoring problem's submit: `ordered` are its tests in the judge's order (examplesFirst). */
export function groupLayoutOf(
  groups: readonly TestGroup[],
  ordered: readonly { isExample: boolean; group?: string | null }[],
): GroupLayout {
  const index = new Map(groups.map((g, i) => [g.name, i]));
  return {
    groups: groups.map((g) => ({
      name: g.name,
      points: g.points,
      ...(g.dependsOn ? { dependsOn: g.dependsOn } : {}),
    })),
    testGroup: ordered.map((t) => (t.isExample || !t.group ? -1 : (index.get(t.group) ?? -1))),
  };
}

/**
 * The group of the test a judge that runs them in order is on now: the first test not finished whose
 * group (the examples are one too) has not stopped at a failure. -1 for the examples or none.
 */
function runningGroup(layout: GroupLayout, marks: string): number {
  const stopped = new Set<number>();
  layout.testGroup.forEach((of, i) => {
    if (marks.charAt(i) === '-') stopped.add(of);
  });
  const next = layout.testGroup.findIndex((of, i) => {
    const mark = marks.charAt(i);
    return (mark === '' || mark === '.') && !stopped.has(of);
  });
  return next < 0 ? -1 : layout.testGroup[next]!;
}

/**
 * Each group's state from the tests finished so far (`marks`: JudgeJobProgress.marks, '' before any
 * test finished): only counts and 1-based test numbers, as the final answer shows them. While the
 * judge is `running`, the group of the test it is on is judging rather than pending.
 */
export function groupProgressOf(layout: GroupLayout, marks: string, running = false): GroupProgress[] {
  const states = new Map<string, GroupProgressState>();
  const current = running ? runningGroup(layout, marks) : -1;
  return layout.groups.map((group, g) => {
    let passedCount = 0;
    let totalCount = 0;
    let finished = 0;
    let firstFailedTest: number | null = null;
    layout.testGroup.forEach((of, i) => {
      if (of !== g) return;
      totalCount++;
      const mark = marks.charAt(i);
      if (mark === '+') passedCount++;
      if (mark === '-' && firstFailedTest === null) firstFailedTest = i + 1;
      if (mark !== '' && mark !== '.') finished++;
    });
    const deps = (group.dependsOn ?? []).map((d) => states.get(d));
    let state: GroupProgressState;
    if (firstFailedTest !== null || deps.includes('failed')) state = 'failed';
    else if (totalCount > 0 && passedCount === totalCount)
      state = deps.every((d) => d === 'earned') ? 'earned' : 'judging';
    else state = finished > 0 || g === current ? 'judging' : 'pending';
    states.set(group.name, state);
    return { name: group.name, points: group.points, state, passedCount, totalCount, firstFailedTest };
  });
}

/**
 * How many finished tests a stream shows (issue 47): every finished example at once; of the hidden
 * tests, the count finished at the last tick (ticks every HIDDEN_TICK_MS from `origin`, the stream's
 * opening), so when each hidden test finished is told no closer than a tick.
 */
export class HiddenTestCadence {
  private shownHidden = 0;
  private nextTick: number;

  constructor(
    origin: number,
    private readonly tickMs = HIDDEN_TICK_MS,
  ) {
    this.nextTick = origin + tickMs;
  }

  judged(finished: number, examples: number, at: number): number {
    if (at >= this.nextTick) {
      this.shownHidden = Math.max(this.shownHidden, finished - examples, 0);
      while (this.nextTick <= at) this.nextTick += this.tickMs;
    }
    return Math.min(finished, examples) + Math.min(this.shownHidden, Math.max(finished - examples, 0));
  }
}

/** The marks of the first `shown` finished tests; those finished after them read as not finished yet ('.'). */
export function marksShown(marks: string, shown: number): string {
  let finished = 0;
  return [...marks].map((mark) => (mark === '.' || ++finished <= shown ? mark : '.')).join('');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/**
 * The last word of a judgement: its verdict and the first failing test (examples first, 1-based); on a
 * scoring problem's submit each group earned or failed, as the answer's groups say.
 */
export function doneOf(response: ExecuteCodeResponse): JudgingEnd {
  const failed = response.results.findIndex((r) => !r.passed);
  return {
    state: 'done',
    verdict: response.verdict,
    ...(failed >= 0 && response.verdict !== 'compilation_error' ? { failedTest: failed + 1 } : {}),
    passedCount: response.passedCount,
    totalCount: response.totalCount,
    ...(response.groups
      ? {
          groups: response.groups.map(({ earned, ...g }) => ({
            ...g,
            state: earned ? ('earned' as const) : ('failed' as const),
          })),
        }
      : {}),
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
  async started(
    userId: string,
    requestId: string,
    jobId: string,
    { total, examples }: { total: number; examples: number },
    layout?: GroupLayout,
  ): Promise<void> {
    await this.write(userId, requestId, { jobId, total, examples, ...(layout ? { layout } : {}) });
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
        const cadence = new HiddenTestCadence(Date.now());
        while (!closed && Date.now() < until) {
          const now = await this.now(userId, requestId, cadence).catch((error: unknown) => {
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
  private async now(
    userId: string,
    requestId: string,
    cadence: HiddenTestCadence,
  ): Promise<JudgingProgress | null> {
    const record = await this.read(userId, requestId);
    if (!record) return { state: 'failed' };
    if (record.end) return record.end;
    const standing = await this.judge.standing(record.jobId);
    const layout = record.layout;
    // A scoring problem's groups as its tests finish (issue 31): counts only, never a test's data.
    const groups = (marks: string, running = false) =>
      layout ? { groups: groupProgressOf(layout, marks, running) } : {};
    if (standing.state === 'waiting')
      return { state: 'queued', position: standing.position, total: record.total, ...groups('') };
    if (standing.state === 'active') {
      // Examples as they finish, hidden tests as a count per tick: what is shown, marks included.
      const judged = cadence.judged(
        Math.min(standing.judged, record.total),
        record.examples ?? 0,
        Date.now(),
      );
      return {
        state: 'judging',
        judged,
        total: record.total,
        // Before the first test's mark the code may still be compiling: nothing is running yet.
        ...groups(marksShown(standing.marks ?? '', judged), standing.marks !== undefined),
      };
    }
    return null;
  }
}
