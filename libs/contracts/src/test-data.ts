/**
 * Test data by reference (issue 42: a real regional's problem carries tens of megabytes of tests — Rocky
 * Mountain 2023's addormultiply 72 MB — and a job that carried them inline cost the API seconds of CPU to
 * serialise per submission, and Redis their size per job kept). A version-3 job carries a large test's
 * input or answer as the SHA-256 of its UTF-8 bytes (`stdinRef`, `expectedOutputRef`, with the inline
 * text empty); the API keeps the bytes in Redis under `testDataKey` for TEST_DATA_TTL_SECONDS from their
 * last use, and the judge fetches each once, checks its hash and keeps it on its disk.
 */

/** A test text up to this size travels inline; a larger one by reference. */
export const TEST_DATA_INLINE_MAX_BYTES = 64 * 1024;

/** How long the bytes stay in Redis after the last job that used them was queued. */
export const TEST_DATA_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Where the bytes of `sha256` are, under the BullMQ prefix both the API and the judge use. */
export function testDataKey(queuePrefix: string, sha256: string): string {
  return `${queuePrefix}:test-data:${sha256}`;
}

/** How a judge fails a job whose test data it could not get (the API puts it back and queues the job once more). */
export const TestDataErrors = {
  prefix: 'judge: test data',
  missing: (sha256: string) => `judge: test data ${sha256} is not in Redis`,
  corrupt: (sha256: string) => `judge: test data ${sha256} does not hash to its reference`,
} as const;
