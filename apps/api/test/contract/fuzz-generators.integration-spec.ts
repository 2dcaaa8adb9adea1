import { describe, expect, it } from 'vitest';
import { buildSync } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ApiDocument } from './fuzz-cases';

/**
 * The fuzz suite's generators return, for every operation of the committed document and for the
 * schema shapes that once made one block (a body that requires nothing, a body whose fields are all
 * nullable). A generator that never returns blocks the event loop, where no timer (not even the
 * test's own timeout) can fire; so the generators run in a worker thread, which is terminated and
 * reported when it takes too long.
 */
const RUNS_EACH = 150;
const LIMIT_MS = 60_000;
const IDS = {
  problemId: '11111111-1111-4111-8111-111111111111',
  contestId: '22222222-2222-4222-8222-222222222222',
  userId: '33333333-3333-4333-8333-333333333333',
};

/** The worker: samples every operation's path, query and body generators, reporting each as it starts. */
const WORKER_SOURCE = `
import fc from 'fast-check';
import { parentPort, workerData } from 'node:worker_threads';
import { bodyCase, operationsOf, pathCase, queryCase } from ${JSON.stringify(join(__dirname, 'fuzz-cases.ts'))};
const { doc, ids, runs } = workerData;
for (const [index, op] of operationsOf(doc).entries()) {
  parentPort.postMessage({ started: op.method + ' ' + op.path });
  const cases = fc.sample(fc.tuple(pathCase(op, ids), queryCase(op), bodyCase(op, doc, ids)), { numRuns: runs, seed: index });
  if (cases.length !== runs) throw new Error(op.path + ': ' + cases.length + ' cases');
}
parentPort.postMessage({ done: true });
`;

function sampleAll(doc: ApiDocument): Promise<{ done: boolean; last?: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-generators-'));
  const entry = join(dir, 'entry.mjs');
  writeFileSync(entry, WORKER_SOURCE);
  const bundle = join(dir, 'bundle.mjs');
  buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'silent',
    nodePaths: [join(__dirname, '../../../../node_modules')],
  });
  return new Promise((resolve, reject) => {
    const worker = new Worker(bundle, { workerData: { doc, ids: IDS, runs: RUNS_EACH } });
    let last: string | undefined;
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ done: false, last });
    }, LIMIT_MS);
    worker.on('message', (message: { started?: string; done?: boolean }) => {
      if (message.started) last = message.started;
      if (message.done) {
        clearTimeout(timer);
        void worker.terminate();
        resolve({ done: true, last });
      }
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true })) as Promise<{
    done: boolean;
    last?: string;
  }>;
}

const committed = JSON.parse(readFileSync(join(__dirname, 'openapi.json'), 'utf8')) as ApiDocument;

describe('the fuzz generators always return', () => {
  it(
    `yield ${RUNS_EACH} cases for every operation of the committed document`,
    async () => {
      const result = await sampleAll(committed);
      expect(result).toEqual({ done: true, last: expect.any(String) });
    },
    LIMIT_MS + 30_000,
  );

  it(
    'yield cases for a body that requires nothing and one whose fields are all nullable',
    async () => {
      // PUT /api/profiles/me requires no field: its "missing field" spoil once filtered every field away.
      const doc: ApiDocument = {
        paths: {
          '/optional': {
            post: {
              requestBody: {
                content: { 'application/json': { schema: { $ref: '#/components/schemas/AllOptional' } } },
              },
            },
          },
          '/nullable': {
            put: {
              requestBody: {
                content: { 'application/json': { schema: { $ref: '#/components/schemas/AllNullable' } } },
              },
            },
          },
        },
        components: {
          schemas: {
            AllOptional: {
              type: 'object',
              properties: { bio: { type: 'string', maxLength: 10 }, age: { type: 'integer' } },
              additionalProperties: false,
            },
            AllNullable: {
              type: 'object',
              required: ['note'],
              properties: { note: { type: 'string', nullable: true } },
              additionalProperties: false,
            },
          },
        },
      };
      expect(await sampleAll(doc)).toEqual({ done: true, last: 'put /nullable' });
    },
    LIMIT_MS + 30_000,
  );
});
