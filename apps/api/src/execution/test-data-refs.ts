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

/** A stored test's id (a UUID): its texts never change under it (ProblemsRepository.replaceTests inserts anew). */
const STORED_TEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many stored tests' hashes are remembered (a regional's problems hold a few thousand tests). */
const REMEMBERED_TESTS = 20_000;

/**
 * A job's large tests sent by reference (libs/contracts/src/test-data.ts, issue 42): each text over
 * JUDGE_TEST_INLINE_MAX_BYTES travels as its SHA-256, its bytes kept in Redis (put once, their expiry
 * renewed by every job that uses them). A stored test's hashes are remembered by its id, so a problem's
 * megabytes are hashed once per API process, not per submission.
 */
export class TestDataRefs {
  private readonly hashes = new Map<string, { stdin?: string; expectedOutput?: string }>();

  constructor(
    private readonly client: () => Promise<TestDataRedis>,
    private readonly queuePrefix: string,
  ) {}

  /** The job with its large texts replaced by references, their bytes in Redis (`force`: written again). */
  async externalize<J extends VersionedJudgeJob>(job: J, force = false): Promise<J> {
    if (!job.tests.some((t) => large(t.stdin) || large(t.expectedOutput))) return job;
    const redis = await this.client();
    const tests: JudgeTest[] = [];
    for (const test of job.tests) {
      const remembered = this.remembered(test);
      let out: JudgeTest = test;
      if (large(test.stdin)) {
        const ref = (remembered.stdin ??= sha256(test.stdin));
        await this.ensure(redis, ref, test.stdin, force);
        out = { ...out, stdin: '', stdinRef: ref };
      }
      if (large(test.expectedOutput)) {
        const ref = (remembered.expectedOutput ??= sha256(test.expectedOutput));
        await this.ensure(redis, ref, test.expectedOutput, force);
        out = { ...out, expectedOutput: '', expectedOutputRef: ref };
      }
      tests.push(out);
    }
    return { ...job, tests };
  }

  private remembered(test: JudgeTest): { stdin?: string; expectedOutput?: string } {
    if (!STORED_TEST_ID.test(test.id)) return {};
    let entry = this.hashes.get(test.id);
    if (!entry) {
      if (this.hashes.size >= REMEMBERED_TESTS) this.hashes.delete(this.hashes.keys().next().value!);
      entry = {};
      this.hashes.set(test.id, entry);
    }
    return entry;
  }

  /** The bytes in Redis for TEST_DATA_TTL_SECONDS more: renewed when there, written when not. */
  private async ensure(redis: TestDataRedis, ref: string, text: string, force: boolean): Promise<void> {
    const key = testDataKey(this.queuePrefix, ref);
    if (!force && (await redis.expire(key, TEST_DATA_TTL_SECONDS)) === 1) return;
    await redis.set(key, Buffer.from(text, 'utf8'), 'EX', TEST_DATA_TTL_SECONDS);
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
