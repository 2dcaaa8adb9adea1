import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from '../support/app';
import { createContest } from '../support/contests';
import { createProblem } from '../support/problems';
import { databaseChecksum } from '../support/db-checksum';
import {
  bodyCase,
  operationsOf,
  pathCase,
  queryCase,
  type ApiDocument,
  type FuzzCase,
  type Operation,
} from './fuzz-cases';

/**
 * Hostile input generated from the published OpenAPI document (GET /api/docs-json), for every
 * operation and each identity: wrong types, missing, unknown and null fields, deep nesting, huge
 * strings, odd path parameters and query values, wrong content types. Nothing here knows a route by
 * hand, so a new route or field is fuzzed as soon as it is in the document.
 *
 * FUZZ_RUNS (default 5,000, what CI runs; raise it for long runs) is the number of generated
 * requests, spread evenly over every (operation, identity) pair; FUZZ_SEED replays a run. Every 2xx
 * body is checked against the answer the document promises (ajv). Routes that would start work we do not
 * run here (a judge, the AI's javac) always get at least one definite violation, so they are
 * fuzzed on everything in front of the queue; the judge queue has no worker and a short timeout,
 * so anything that slipped through would surface as a 504.
 */
// Issue 16 asks for 5,000 in CI. (Runs of 1,000 and more used to stall: a body generator filtered
// away every field of a body that requires none and blocked the event loop; fuzz-generators.integration-spec.ts.)
const TOTAL = Number(process.env.FUZZ_RUNS ?? 5_000);
const SEED = Number(process.env.FUZZ_SEED ?? 16_2026);
/** Read operations are sent this many at a time (they are checked together for writes). */
const READ_LANES = Number(process.env.FUZZ_READ_LANES ?? 4);
/** Far above any honest answer on this machine; a hang or an unbounded walk shows up as a miss. */
const ANSWER_MS = 10_000;
/** Internal names, stack frames and paths that must never reach a client. */
const LEAKS = [
  /\bat .*\.(ts|js):\d+/,
  /QueryFailedError|EntityNotFound|TypeError|RangeError|ReferenceError|SyntaxError/,
  /node_modules|\/apps\/api\/|\/work\/|\bsrc\/[a-z-]+\//,
  /Cannot read propert/,
];
/** The whole run's bound: generous per request, as the machine may be shared (CI, other suites). */
const RUN_MS = 60_000 + TOTAL * 250;
const IDENTITIES = ['anonymous', 'user', 'admin'] as const;
type Identity = (typeof IDENTITIES)[number];

describe('fuzz from the OpenAPI document: no 5xx, no leak, bounded time, a 4xx writes nothing', () => {
  let t: TestApp;
  let user: SeededUser;
  let admin: SeededUser;
  let doc: ApiDocument;
  let operations: Operation[];
  let checksum: () => Promise<string>;
  let port: number;
  let ids: { problemId: string; contestId: string; userId: string; adminId: string };

  beforeAll(async () => {
    t = await startApp({
      JUDGE_QUEUE_PREFIX: `fuzz-nobody-${process.env.JUDGE_QUEUE_PREFIX ?? 'local'}`,
      JUDGE_RESULT_TIMEOUT_MS: '1000',
      GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks',
    });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    const problemId = (await createProblem(t, admin.token))._id;
    const contestId = (await createContest(t, admin.token, [problemId]))._id;
    ids = { problemId, contestId, userId: user.id, adminId: admin.id };
    doc = (await t.http.get('/api/docs-json').expect(200)).body as ApiDocument;
    operations = operationsOf(doc);
    checksum = await databaseChecksum(t.db);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  /**
   * The documented answer of an operation for a success status, compiled (ajv against the document's
   * own components): null when the document promises no JSON body for it, undefined when it does not
   * list the status at all.
   */
  const answers = new Map<string, ValidateFunction | null | undefined>();
  let ajv: Ajv | undefined;
  function documentedAnswer(op: Operation, status: number): ValidateFunction | null | undefined {
    const key = `${op.method} ${op.path} ${status}`;
    if (answers.has(key)) return answers.get(key);
    if (!ajv) {
      ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ components: doc.components }, 'doc');
    }
    const responses =
      (
        doc.paths[op.path][op.method] as {
          responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
        }
      ).responses ?? {};
    const response = responses[String(status)];
    const schema = response?.content?.['application/json']?.schema;
    const compiled = !response
      ? undefined
      : schema
        ? ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')))
        : null;
    answers.set(key, compiled);
    return compiled;
  }

  const tokenOf = (identity: Identity) =>
    identity === 'user' ? user.token : identity === 'admin' ? admin.token : undefined;

  /**
   * node:http rather than supertest: the path goes out byte for byte (no URL normalising of odd
   * segments), and a server-sent-event stream counts as answered at its headers instead of hanging.
   */
  function send(c: FuzzCase, identity: Identity): Promise<{ status: number; text: string }> {
    const token = tokenOf(identity);
    const body =
      c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    const headers: Record<string, string> = {
      ...(token ? bearer(token) : {}),
      ...(c.contentType ? { 'Content-Type': c.contentType } : {}),
      ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}),
    };
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: c.method.toUpperCase(), path: c.url, headers, timeout: ANSWER_MS },
        (res) => {
          // A stream (server-sent events, the CLICS event feed) counts as answered at its headers.
          if (/^(text\/event-stream|application\/x-ndjson)/.test(String(res.headers['content-type']))) {
            res.destroy();
            return resolve({ status: res.statusCode ?? 0, text: '' });
          }
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${ANSWER_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  it(
    `answers ${TOTAL} generated requests over every operation and identity within the contract`,
    async () => {
      const pairs = operations.flatMap((op) => IDENTITIES.map((identity) => ({ op, identity })));
      const runsEach = Math.max(1, Math.ceil(TOTAL / pairs.length));
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const reached = new Set<string>();
      let sent = 0;
      let checksumMs = 0;
      /** Time spent per operation, to name the slowest in the report. */
      const spent = new Map<string, number>();
      const started = Date.now();
      let last = '';

      /** One (operation, identity) pair's generated requests; `serial` pairs check the database after each refusal. */
      const fuzzPair = async (index: number, op: Operation, identity: Identity, serial: boolean) => {
        const arbitrary = fc
          .tuple(pathCase(op, ids), queryCase(op), bodyCase(op, doc, ids))
          .map(([path, query, body]) => ({ path, query, body }));
        await fc.assert(
          fc.asyncProperty(arbitrary, async ({ path, query, body }) => {
            const c: FuzzCase = {
              method: op.method,
              url: `${path}${query}`,
              ...body,
            };
            const began = Date.now();
            let status: number;
            let text: string;
            try {
              const res = await send(c, identity);
              status = res.status;
              text = res.text;
            } catch (error) {
              failures.push(`${identity} ${op.method.toUpperCase()} ${c.url}: no answer (${String(error)})`);
              return;
            }
            sent++;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status !== 404) reached.add(`${op.method} ${op.path}`);
            const took = Date.now() - began;
            spent.set(
              `${op.method.toUpperCase()} ${op.path}`,
              (spent.get(`${op.method.toUpperCase()} ${op.path}`) ?? 0) + took,
            );
            const name = `${identity} ${op.method.toUpperCase()} ${c.url.slice(0, 200)} [${c.label}]`;
            if (status >= 500) failures.push(`${name}: ${status} ${text.slice(0, 200)}`);
            if (took > ANSWER_MS) failures.push(`${name}: answered in ${took} ms`);
            // An empty path parameter leaves an empty segment, which Express routes elsewhere
            // (GET /api/problems/ is the list): the answer is another operation's.
            const otherRoute = op.pathParams.length > 0 && /\/(\?|$)|\/\//.test(c.url);
            if (status >= 200 && status < 400 && !otherRoute) {
              // The answer is the one the document promises: its status, and the shape of its body.
              const answer = documentedAnswer(op, status);
              if (answer === undefined)
                failures.push(`${name}: answered ${status}, which the document does not list`);
              else if (answer && !answer(JSON.parse(text)))
                failures.push(
                  `${name}: ${status} body is not the documented shape: ${ajv!.errorsText(answer.errors).slice(0, 400)}`,
                );
            }
            const leak = LEAKS.find((pattern) => pattern.test(text));
            if (leak) failures.push(`${name}: body matches ${leak}: ${text.slice(0, 300)}`);
            if (!serial) return;
            const checked = Date.now();
            const now = await checksum();
            checksumMs += Date.now() - checked;
            if (status >= 400 && now !== last) failures.push(`${name}: ${status} but the database changed`);
            last = now;
          }),
          { numRuns: runsEach, seed: SEED + index, endOnFailure: true },
        );
      };

      // Reads first, READ_LANES at a time, with one look at the database around them all: together
      // they must write nothing, refused or not (a read that wrote fails the run without a name;
      // FUZZ_READ_LANES=1 and the seed find it). Then every write route, one request at a time,
      // each refusal checked on its own.
      const indexed = pairs.map((pair, index) => ({ ...pair, index }));
      const reads = indexed.filter(({ op }) => op.method === 'get');
      const writes = indexed.filter(({ op }) => op.method !== 'get');
      const beforeReads = await checksum();
      let next = 0;
      await Promise.all(
        Array.from({ length: READ_LANES }, async () => {
          while (next < reads.length) {
            const { index, op, identity } = reads[next++];
            await fuzzPair(index, op, identity, false);
          }
        }),
      );
      const readSeconds = ((Date.now() - started) / 1000).toFixed(1);
      last = await checksum();
      if (last !== beforeReads) failures.push(`the ${reads.length} read pairs changed the database`);
      for (const { index, op, identity } of writes) await fuzzPair(index, op, identity, true);

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      // The figures for the report: how many requests, over how many operations, in how long.
      console.log(
        `fuzz: ${sent} requests over ${operations.length} operations × ${IDENTITIES.length} identities in ${seconds} s (reads ${readSeconds} s in ${READ_LANES} lanes; ${(checksumMs / 1000).toFixed(1)} s of checksums; seed ${SEED}); ${histogram.join(' ')}`,
      );
      const slowest = [...spent.entries()].sort(([, a], [, b]) => b - a).slice(0, 6);
      console.log(
        `fuzz: slowest operations (total ms): ${slowest.map(([k, ms]) => `${k} ${ms}`).join(', ')}`,
      );
      expect(failures.slice(0, 40)).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(TOTAL);
      expect(operations.length).toBeGreaterThan(50);
      // Every operation answered something besides "not found" at least once: the cases reach its handler.
      expect(operations.map((op) => `${op.method} ${op.path}`).filter((key) => !reached.has(key))).toEqual(
        [],
      );
    },
    RUN_MS,
  );

  it('still answers health afterwards', async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
  });
});
