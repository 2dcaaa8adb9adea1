import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_TEST_INLINE_MAX_BYTES, testDataKey } from '@javelin/contracts';
import { dataSourceOptions } from '../src/database/data-source';
import { MIGRATIONS } from '../src/database/migrations';
import { TestTextDigests1796100000000 } from '../src/database/migrations/1796100000000-TestTextDigests';
import { ProblemsService } from '../src/problems/problems.service';
import { bearer, seedUser, type SeededUser, type TestApp } from './support/app';
import { regionalZip } from './support/contest-package';
import { watchDbReads } from './support/db-reads';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './support/env';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { importPackage } from './support/packages';
import { sumProblem, sumStdioProblem } from './support/problems';
import { buildZip } from './support/zip';

const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

/** Every test row of the problems: its stored texts and the digests the database keeps beside them. */
async function digestsOf(t: TestApp, problemIds: string[]) {
  const rows: {
    input: string;
    expected_output: string;
    input_bytes: number;
    input_sha256: string;
    expected_output_bytes: number;
    expected_output_sha256: string;
  }[] = await t.db.query(
    `SELECT input, expected_output, input_bytes, input_sha256, expected_output_bytes, expected_output_sha256
       FROM test_cases WHERE problem_id = ANY($1) ORDER BY problem_id, position`,
    [problemIds],
  );
  return rows;
}

/** Each row's digests are its texts' UTF-8 size and SHA-256 (and there are rows to check). */
async function expectDigestsOfTheirTexts(t: TestApp, problemIds: string[], atLeast: number) {
  const rows = await digestsOf(t, problemIds);
  expect(rows.length).toBeGreaterThanOrEqual(atLeast);
  for (const r of rows) {
    expect([r.input_bytes, r.input_sha256]).toEqual([Buffer.byteLength(r.input, 'utf8'), sha256(r.input)]);
    expect([r.expected_output_bytes, r.expected_output_sha256]).toEqual([
      Buffer.byteLength(r.expected_output, 'utf8'),
      sha256(r.expected_output),
    ]);
  }
  return rows;
}

/**
 * Issue 42: each test keeps its texts' size and SHA-256, so a judge job refers to a large text by them
 * without reading it. The database computes them on every write (a trigger): every write path is
 * checked here against the texts themselves.
 */
// One app for the file: a second one in the same worker would start a second package reader thread.
let t: JudgedApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '120000' });
  admin = await seedUser(t, ['admin']);
}, 120_000);
afterAll(() => t?.close());

describe('test text digests on every write path', () => {
  const create = (body: object) =>
    t.http.post('/api/problems').set(bearer(admin.token)).send(body).expect(201);
  const update = (id: string, body: object) =>
    t.http.put(`/api/problems/${id}`).set(bearer(admin.token)).send(body).expect(200);
  // Non-ASCII: a size is of UTF-8 bytes, not characters.
  const accented = (n: number) => `${Array.from({ length: n }, (_, i) => `línea ${i} ñ`).join('\n')}\n`;

  it('a function problem created, then updated', async () => {
    const created = await create(sumProblem());
    await expectDigestsOfTheirTexts(t, [created.body._id], 5);
    await update(
      created.body._id,
      sumProblem({
        title: created.body.title,
        testCases: [
          { inputs: { a: '3', b: '4' }, expectedOutput: '7', isExample: true },
          { inputs: { a: '9', b: '9' }, expectedOutput: '18', isExample: false },
        ],
      }),
    );
    const rows = await expectDigestsOfTheirTexts(t, [created.body._id], 2);
    expect(rows.map((r) => r.expected_output)).toEqual(['7', '18']);
  });

  it('a classic problem created from its form, then updated', async () => {
    const form = sumStdioProblem();
    const created = await create({
      ...form,
      testCases: [...form.testCases, { input: accented(3), expectedOutput: accented(2), isExample: false }],
    });
    await expectDigestsOfTheirTexts(t, [created.body._id], 6);
    await update(created.body._id, {
      ...form,
      testCases: [
        { input: '1 1\n', expectedOutput: '2\n', isExample: true },
        { input: accented(5), expectedOutput: accented(4), isExample: false },
      ],
    });
    const rows = await expectDigestsOfTheirTexts(t, [created.body._id], 2);
    expect(rows[1]!.input).toBe(accented(5));
  });

  it('a package imported, a large test among its tests', async () => {
    const big = accented(20_000);
    expect(Buffer.byteLength(big)).toBeGreaterThan(JUDGE_TEST_INLINE_MAX_BYTES);
    const zip = buildZip({
      'problem.yaml': 'name: Digests\n',
      'data/sample/1.in': 'hola\n',
      'data/sample/1.ans': 'hola\n',
      'data/secret/big.in': big,
      'data/secret/big.ans': accented(10),
    });
    const id = (await importPackage(t, admin.token, zip).expect(201)).body._id as string;
    const rows = await expectDigestsOfTheirTexts(t, [id], 2);
    expect(rows[1]!.input_bytes).toBe(Buffer.byteLength(big));
  });

  it("a contest package's problems imported", async () => {
    const res = await t.http
      .post('/api/contests/import')
      .set(bearer(admin.token))
      .set('Content-Type', 'application/zip')
      .send(regionalZip('digests-2040'))
      .expect(201);
    const ids: { id: string }[] = await t.db.query(
      `SELECT problem_id AS id FROM contest_problems WHERE contest_id = $1`,
      [res.body._id ?? res.body.id],
    );
    expect(ids).toHaveLength(3);
    await expectDigestsOfTheirTexts(
      t,
      ids.map((r) => r.id),
      6,
    );
  });

  it('a row written by hand, and a text changed in place, get their digests from the database', async () => {
    const created = await create(sumStdioProblem());
    const [row]: { id: string }[] = await t.db.query(
      `INSERT INTO test_cases (problem_id, position, input, expected_output, input_sha256, input_bytes)
       VALUES ($1, 9, 'ü 1\n', 'ü\n', repeat('0', 64), 1) RETURNING id`,
      [created.body._id],
    );
    await expectDigestsOfTheirTexts(t, [created.body._id], 6);
    await t.db.query(`UPDATE test_cases SET expected_output = 'otra\n' WHERE id = $1`, [row!.id]);
    const rows = await expectDigestsOfTheirTexts(t, [created.body._id], 6);
    expect(rows.find((r) => r.expected_output === 'otra\n')?.expected_output_sha256).toBe(sha256('otra\n'));
  });
});

/**
 * A job is built from the digests: a large text is read from PostgreSQL only when Redis lacks its bytes
 * (then put back), or when the caller is shown it (an admin); what was read is counted, not timed.
 */
describe('judge jobs refer to large tests without reading them', () => {
  let user: SeededUser;
  let redis: Redis;
  let problemId: string;
  const big = `${Array.from({ length: 30_000 }, (_, i) => `línea ${i}`).join('\n')}\n`;
  const ECHO = `public class Main {
    public static void main(String[] args) throws java.io.IOException {
        System.in.transferTo(System.out);
        System.out.flush();
    }
}
`;
  const submit = (token: string) =>
    t.http
      .post('/api/execute-code')
      .set(bearer(token))
      .send({ language: 'java', problemId, code: ECHO, runAllTestCases: true })
      .expect(200);
  /** One submit with the judging views forgotten (the tests are read again), and what it read. */
  const submitWatched = async (token: string) => {
    t.app.get(ProblemsService).problemsChanged();
    const watch = watchDbReads(t.db);
    try {
      const res = await submit(token);
      return { res, reads: watch.reads };
    } finally {
      watch.stop();
    }
  };

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    user = await seedUser(t);
    const zip = buildZip({
      'problem.yaml': 'name: Echo Big\n',
      '.timelimit': '4\n',
      'data/sample/1.in': 'hola\n',
      'data/sample/1.ans': 'hola\n',
      'data/secret/big.in': big,
      'data/secret/big.ans': big,
    });
    problemId = (await importPackage(t, admin.token, zip).expect(201)).body._id;
  }, 120_000);
  afterAll(async () => {
    const keys = await redis.keys(`${t.judge.prefix}:test-data:*`);
    if (keys.length) await redis.del(...keys);
    redis?.disconnect();
  });

  it('reads the large text once to put it in Redis, then builds jobs without reading it', async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(JUDGE_TEST_INLINE_MAX_BYTES);
    const first = await submitWatched(user.token);
    expect(first.res.body).toMatchObject({ verdict: 'accepted', passedCount: 2, totalCount: 2 });
    // Redis had not the bytes: read (once: the input and the answer are the same bytes) and put there.
    expect(first.reads.textChars).toBeGreaterThanOrEqual(big.length);
    expect(first.reads.textChars).toBeLessThan(2 * big.length);
    expect((await redis.getBuffer(testDataKey(t.judge.prefix, sha256(big))))?.toString('utf8')).toBe(big);

    const again = await submitWatched(user.token);
    expect(again.res.body).toMatchObject({ verdict: 'accepted', passedCount: 2 });
    // The tests were read afresh (not a kept view), their large texts not.
    expect(again.reads.statements.some((s) => /FROM test_cases/.test(s))).toBe(true);
    expect(again.reads.textChars).toBeLessThan(JUDGE_TEST_INLINE_MAX_BYTES);
    // Hidden from a non-admin, as ever.
    expect(again.res.body.results[1]).toMatchObject({ isExample: false, input: '', expectedOutput: '' });
  }, 240_000);

  it('reads a large text for an admin, who is shown every test', async () => {
    const { res, reads } = await submitWatched(admin.token);
    expect(res.body.verdict).toBe('accepted');
    expect(res.body.results[1]).toMatchObject({ isExample: false, input: big, expectedOutput: big });
    expect(reads.textChars).toBeGreaterThanOrEqual(2 * big.length);
  }, 240_000);

  it('reads the bytes again and puts them back when they left Redis', async () => {
    const key = testDataKey(t.judge.prefix, sha256(big));
    await redis.del(key);
    const { res, reads } = await submitWatched(user.token);
    expect(res.body.verdict).toBe('accepted');
    expect(reads.textChars).toBeGreaterThanOrEqual(big.length);
    expect((await redis.getBuffer(key))?.toString('utf8')).toBe(big);
  }, 240_000);

  it('judges with the new text of a test changed in place: a new digest, a new reference', async () => {
    const changed = big.replace('línea 0\n', 'línea cero\n');
    await t.db.query(`UPDATE test_cases SET expected_output = $2 WHERE problem_id = $1 AND NOT is_example`, [
      problemId,
      changed,
    ]);
    const [row] = await digestsOf(t, [problemId]).then((rows) => rows.filter((r) => r.input === big));
    expect([row!.expected_output_sha256, row!.input_sha256]).toEqual([sha256(changed), sha256(big)]);
    const { res } = await submitWatched(user.token);
    // The echo prints the input; the answer is now another text: judged against the new one.
    expect(res.body).toMatchObject({ verdict: 'wrong_answer', passedCount: 1 });
    expect((await redis.getBuffer(testDataKey(t.judge.prefix, sha256(changed))))?.toString('utf8')).toBe(
      changed,
    );
  }, 240_000);
});

describe('the migration that added the digests', () => {
  it("fills them for the tests already stored, and keeps each problem's package identity", async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `${url.pathname}_digests`;
    const name = url.pathname.slice(1);
    const server = new URL(TEST_DATABASE_URL);
    server.pathname = '/postgres';
    const admin = new Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const big = `${'ñ'.repeat(70_000)}\n`;
    try {
      const older = new DataSource({
        ...dataSourceOptions(url.toString()),
        migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(TestTextDigests1796100000000)),
      });
      await older.initialize();
      await older.runMigrations({ transaction: 'each' });
      const [problem]: { id: string }[] = await older.query(
        `INSERT INTO problems (title, description, function_name) VALUES ('Old', '', 'f') RETURNING id`,
      );
      await older.query(
        `INSERT INTO test_cases (problem_id, position, input, expected_output)
         VALUES ($1, 0, 'a b\n', ''), ($1, 1, $2, 'ü\n')`,
        [problem!.id, big],
      );
      // A problem a contest package brought in: the identity its tests' writes would forget.
      await older.query(`UPDATE problems SET package_hash = repeat('a', 64) WHERE id = $1`, [problem!.id]);
      await older.destroy();

      const current = new DataSource(dataSourceOptions(url.toString()));
      await current.initialize();
      try {
        expect((await current.runMigrations({ transaction: 'each' })).map((m) => m.name)).toEqual([
          'TestTextDigests1796100000000',
        ]);
        const rows: { input_bytes: number; input_sha256: string; expected_output_sha256: string }[] =
          await current.query(
            `SELECT input_bytes, input_sha256, expected_output_sha256 FROM test_cases ORDER BY position`,
          );
        expect(rows).toEqual([
          { input_bytes: 4, input_sha256: sha256('a b\n'), expected_output_sha256: sha256('') },
          { input_bytes: 140_001, input_sha256: sha256(big), expected_output_sha256: sha256('ü\n') },
        ]);
        const [kept] = await current.query(`SELECT package_hash FROM problems WHERE id = $1`, [problem!.id]);
        expect(kept.package_hash).toBe('a'.repeat(64));
      } finally {
        await current.destroy();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
