import { Injectable, Logger } from '@nestjs/common';
import { AI_JOB_PRIORITY, AiJobName } from '@javelin/contracts';
import type { Job } from 'bullmq';
import { withTimeout } from '../../common/timeout';
import { JudgeClient } from '../../execution/judge-client.service';

/** BullMQ waits for a connection before each command; while Redis is down that wait must end. */
const QUEUE_OP_TIMEOUT_MS = 3_000;
/** How often a waiting call looks at its job directly: an AI call's whole budget is a few seconds. */
const WATCH_INTERVAL_MS = 1_000;
/** AI results are read once, at once: fewer finished ones are kept than verdicts. */
const KEEP_COMPLETED = 1_000;

/**
 * The AI features' jobs on the judge queue (libs/contracts/src/ai.ts), sent and awaited through the
 * JudgeClient: the judge compiles and runs the user's code in its sandbox, never the API. A job waits
 * behind every submission (a lower priority), and a call that gets no answer in time gets null, never
 * an error: the analysis then says which findings are unavailable.
 */
@Injectable()
export class SandboxJobs {
  private readonly logger = new Logger('SandboxJobs');

  constructor(private readonly queue: JudgeClient) {}

  /** The job's result, or null when no judge finished it within `timeoutMs` (or Redis is away). */
  async run<R>(name: AiJobName, data: object, timeoutMs: number): Promise<R | null> {
    const deadline = Date.now() + timeoutMs;
    let job: Job;
    try {
      job = await this.queue.enqueue({
        name,
        data,
        priority: AI_JOB_PRIORITY,
        keepCompleted: KEEP_COMPLETED,
      });
    } catch (error) {
      this.logger.warn(`${name} not queued: ${(error as Error).message}`);
      return null;
    }
    try {
      return await this.queue.waitFor<R>(job, Math.max(1, deadline - Date.now()), WATCH_INTERVAL_MS);
    } catch (error) {
      this.logger.warn(`${name} job ${job.id} gave no answer: ${(error as Error).message}`);
      // A job still waiting is withdrawn, so no judge spends time on it after the caller gave up.
      await withTimeout(job.remove(), QUEUE_OP_TIMEOUT_MS, 'Redis').catch(() => undefined);
      return null;
    }
  }
}
