import { createHash } from 'node:crypto';
import {
  JUDGE_TEST_INLINE_MAX_BYTES,
  TEST_DATA_TTL_SECONDS,
  testDataKey,
  type JudgeTest,
  type VersionedJudgeJob,
} from '@javelin/contracts';

/** What of a Redis connection the references use (the judge queue's own ioredis client). */
export interface TestDataRedis {
  expire(key: string, seconds: number): Promise<number>;
  set(key: string, value: Buffer, mode: 'EX', seconds: number): Promise<unknown>;
}

/** Where the bytes of a stored test's text are found by their SHA-256 (ProblemsRepository.textBySha256). */
export interface StoredTestTexts {
  textBySha256(sha256: string): Promise<string | null>;
}

/**
 * A job's large tests sent by reference (libs/contracts/src/test-data.ts, issue 42): each text over
 * JUDGE_TEST_INLINE_MAX_BYTES travels as its SHA-256, its bytes kept in Redis (put once, their expiry
 * renewed by every job that uses them). A stored test's job already refers to its large texts by the
 * digests the database keeps, unread: their bytes are read from the database only when Redis lacks them.
 * A text the job carries inline (a function problem's serialised input, a custom run's) is hashed here.
 */
export class TestDataRefs {
  constructor(
    private readonly client: () => Promise<TestDataRedis>,
    private readonly queuePrefix: string,
    private readonly stored: StoredTestTexts,
  ) {}

  /** The job with its large texts replaced by references, their bytes in Redis (`force`: written again). */
  async externalize<J extends VersionedJudgeJob>(job: J, force = false): Promise<J> {
    const referenced = (t: JudgeTest) =>
      t.stdinRef !== undefined ||
      t.expectedOutputRef !== undefined ||
      large(t.stdin) ||
      large(t.expectedOutput);
    if (!job.tests.some(referenced)) return job;
    const redis = await this.client();
    const tests: JudgeTest[] = [];
    for (const test of job.tests) {
      let out: JudgeTest = test;
      if (test.stdinRef !== undefined) await this.ensure(redis, test.stdinRef, null, force);
      else if (large(test.stdin)) {
        const ref = sha256(test.stdin);
        await this.ensure(redis, ref, test.stdin, force);
        out = { ...out, stdin: '', stdinRef: ref };
      }
      if (test.expectedOutputRef !== undefined) await this.ensure(redis, test.expectedOutputRef, null, force);
      else if (large(test.expectedOutput)) {
        const ref = sha256(test.expectedOutput);
        await this.ensure(redis, ref, test.expectedOutput, force);
        out = { ...out, expectedOutput: '', expectedOutputRef: ref };
      }
      tests.push(out);
    }
    return { ...job, tests };
  }

  /**
   * The bytes in Redis for TEST_DATA_TTL_SECONDS more: renewed when there, written when not (`text`, or
   * a stored test's text of that hash, read from the database only then).
   */
  private async ensure(
    redis: TestDataRedis,
    ref: string,
    text: string | null,
    force: boolean,
  ): Promise<void> {
    const key = testDataKey(this.queuePrefix, ref);
    if (!force && (await redis.expire(key, TEST_DATA_TTL_SECONDS)) === 1) return;
    const bytes = text ?? (await this.stored.textBySha256(ref));
    // The test was replaced since the job was built: no judge could judge it (the caller's 503).
    if (bytes === null) throw new Error(`test data ${ref} is in neither Redis nor the database`);
    await redis.set(key, Buffer.from(bytes, 'utf8'), 'EX', TEST_DATA_TTL_SECONDS);
  }
}

function large(text: string): boolean {
  // A string's UTF-8 size is at least its length: most texts are decided without counting.
  return (
    text.length > JUDGE_TEST_INLINE_MAX_BYTES || Buffer.byteLength(text, 'utf8') > JUDGE_TEST_INLINE_MAX_BYTES
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
}
