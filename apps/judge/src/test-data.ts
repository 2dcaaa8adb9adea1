import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { TestDataErrors, testDataKey, type JudgeTest } from '@javelin/contracts';
import { log } from './log';

/**
 * A version-3 job's large tests arrive by reference (libs/contracts/src/test-data.ts): each reference is
 * fetched from Redis once, checked against its SHA-256 and kept in `dir`, so the next submission to the
 * same problem reads its tests from this judge's disk. The disk copy is bounded (`maxBytes`): the least
 * recently used files go first. Only this process writes `dir` (the sandbox never sees it).
 */
export class TestDataCache {
  private readonly redis: Redis;
  private bytes = 0;

  constructor(
    redisUrl: string,
    private readonly queuePrefix: string,
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
    this.redis.on('error', (e) => log('test data connection', { error: e.message }));
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir)) this.bytes += statSync(join(dir, name)).size;
  }

  /** The tests with every reference replaced by its text; throws TestDataErrors' message when one cannot be had. */
  async resolve(tests: JudgeTest[]): Promise<JudgeTest[]> {
    if (!tests.some((t) => t.stdinRef || t.expectedOutputRef)) return tests;
    const resolved: JudgeTest[] = [];
    for (const { stdinRef, expectedOutputRef, ...test } of tests) {
      resolved.push({
        ...test,
        ...(stdinRef ? { stdin: await this.text(stdinRef) } : {}),
        ...(expectedOutputRef ? { expectedOutput: await this.text(expectedOutputRef) } : {}),
      });
    }
    return resolved;
  }

  close(): Promise<unknown> {
    return this.redis.quit().catch(() => this.redis.disconnect());
  }

  private async text(sha256: string): Promise<string> {
    const path = join(this.dir, sha256);
    try {
      const kept = readFileSync(path);
      const now = new Date();
      utimesSync(path, now, now);
      return kept.toString('utf8');
    } catch {
      /* not kept yet */
    }
    const bytes = await this.redis.getBuffer(testDataKey(this.queuePrefix, sha256));
    if (!bytes) throw new Error(TestDataErrors.missing(sha256));
    if (createHash('sha256').update(bytes).digest('hex') !== sha256)
      throw new Error(TestDataErrors.corrupt(sha256));
    this.keep(path, bytes);
    return bytes.toString('utf8');
  }

  private keep(path: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes) return;
    this.evict(this.maxBytes - bytes.length);
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, bytes, { mode: 0o600 });
    renameSync(partial, path);
    this.bytes += bytes.length;
  }

  /** The least recently used files removed until at most `budget` bytes are kept. */
  private evict(budget: number): void {
    if (this.bytes <= budget) return;
    const files = readdirSync(this.dir)
      .map((name) => {
        const stat = statSync(join(this.dir, name));
        return { name, size: stat.size, used: stat.mtimeMs };
      })
      .sort((a, b) => a.used - b.used);
    for (const file of files) {
      if (this.bytes <= budget) break;
      unlinkSync(join(this.dir, file.name));
      this.bytes -= file.size;
    }
  }
}
