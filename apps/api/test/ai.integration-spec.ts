import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import {
  FAKE_ANSWER_PREFIX,
  FAKE_API_KEY,
  FAKE_MODEL,
  FakeOpenAi,
  startFakeOpenAi,
} from './support/fake-openai';
import { analyzerJudgeForFile } from './support/analyzer-judge';
import { createProblem, SUM_ACCEPTED } from './support/problems';

/** Unique strings that only hidden tests (or client data about them) carry. */
const HIDDEN_INPUT = 'zqHiddenInput7f3a';
const HIDDEN_EXPECTED = 'zqHiddenExpected9c2e';
const CLIENT_HIDDEN_ACTUAL = 'zqClientHiddenActual41b';
const MARKERS = [HIDDEN_INPUT, HIDDEN_EXPECTED, CLIENT_HIDDEN_ACTUAL];

const REVERSE_WRONG = `import java.io.*;

public class Main {
    public static String reverse(String s) {
        String out = "";
        for (int i = 0; i < s.length(); i++) out += s.charAt(i);
        return out;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String s = reader.readLine();
        System.out.println(reverse(s));
    }
}
`;

function reverseProblem() {
  return {
    title: `Reverse a string ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Return s reversed.',
    constraints: '1 <= s.length <= 10^5',
    inputVariables: [{ id: 's', name: 's', type: 'string', description: 'the text' }],
    testCases: [
      { inputs: { s: 'hello' }, expectedOutput: 'olleh', isExample: true },
      { inputs: { s: 'ab' }, expectedOutput: 'ba', isExample: true },
      { inputs: { s: HIDDEN_INPUT }, expectedOutput: HIDDEN_EXPECTED, isExample: false },
    ],
    functionName: 'reverse',
    returnType: 'string',
  };
}

/** Client results for REVERSE_WRONG: a failing example, and hidden results carrying data that must be ignored. */
const REVERSE_RESULTS = [
  { passed: false, expectedOutput: 'olleh', actualOutput: 'hello\n', error: 'Wrong answer', isExample: true },
  { passed: true, expectedOutput: 'ba', actualOutput: 'ba\n', error: '', isExample: true },
  {
    passed: false,
    expectedOutput: HIDDEN_EXPECTED,
    actualOutput: CLIENT_HIDDEN_ACTUAL,
    error: `Wrong answer for ${HIDDEN_INPUT}`,
    isExample: false,
    input: HIDDEN_INPUT,
  },
  // No isExample flag and data matching no example: treated as hidden too.
  {
    passed: false,
    expectedOutput: HIDDEN_EXPECTED,
    actualOutput: CLIENT_HIDDEN_ACTUAL,
    error: 'Wrong answer',
  },
];

/** The analyzer's compiler findings come from a judge; measuring is tested in ai-sandbox.integration-spec.ts. */
const withJudge = analyzerJudgeForFile();

/** POST /api/debug-help for REVERSE_WRONG with its results, the hidden tests' data included, as `token`. */
const debugReverse = (t: TestApp, token: string, problemId: string) =>
  t.http.post('/api/debug-help').set(bearer(token)).send({
    problemId,
    code: REVERSE_WRONG,
    language: 'java',
    errorMessage: 'Wrong answer',
    testResults: REVERSE_RESULTS,
  });
/** The whole prompt of a request to the fake OpenAI: its messages' text. */
const promptOf = (request: FakeOpenAi['requests'][number]) =>
  request.body.messages!.map((m) => m.content).join('\n');
/** Every one of `parts` is in the prompt. */
const expectMentions = (prompt: string, parts: string[]) => {
  for (const part of parts) expect(prompt).toContain(part);
};

describe('AI calls with no key: the built-in analyzer answers', () => {
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;
  let sumId: string;

  beforeAll(async () => {
    t = await startApp(withJudge());
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    sumId = (await createProblem(t, admin.token))._id;
  });
  afterAll(() => t.close());

  it('analyzes passing code: complexity against the constraints, javac warnings, readability, suggestions', async () => {
    const res = await t.http
      .post('/api/analyze-code')
      .set(bearer(user.token))
      .send({ problemId: sumId, code: SUM_ACCEPTED, language: 'java' })
      .expect(200);
    expect(res.body.success).toBe(true);
    for (const section of [
      '## Summary',
      '## Complexity',
      '## Compiler warnings',
      '## Readability',
      '## Suggestions',
    ])
      expect(res.body.analysis).toContain(section);
    expect(res.body.analysis).toContain('**Time:** O(1)');
    expect(res.body.analysis).toContain('`-10^9 <= a, b <= 10^9`');
  });

  it('explains a compile error with the line and a fix', async () => {
    const code = SUM_ACCEPTED.replace('return a + b;', 'return a + b');
    const res = await t.http
      .post('/api/debug-help')
      .set(bearer(user.token))
      .send({ problemId: sumId, code, language: 'java', errorMessage: 'Compilation error', testResults: [] })
      .expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.analysis).toContain("**Compilation error: ';' expected**");
    expect(res.body.analysis).toContain('Add `;` at the end of line 5.');
  });

  it("diffs the first failing example against the server's expected output and names the format pitfall", async () => {
    const code = SUM_ACCEPTED.replace(
      'System.out.println(sum(a, b));',
      'System.out.println("Answer: " + sum(a, b));',
    );
    const res = await t.http
      .post('/api/debug-help')
      .set(bearer(user.token))
      .send({
        problemId: sumId,
        code,
        language: 'java',
        errorMessage: 'Wrong answer',
        // The client's expectedOutput only picks the example; the server's own value is shown.
        testResults: [
          {
            passed: false,
            expectedOutput: '3',
            actualOutput: 'Answer: 3\n',
            error: 'Wrong answer',
            isExample: true,
          },
        ],
      })
      .expect(200);
    expect(res.body.analysis).toContain('Output format: extra text around the answer');
    expect(res.body.analysis).toContain('- 3\n+ Answer: 3');
    expect(res.body.analysis).toContain('a = 1\nb = 2');
  });

  it('ignores the data of hidden tests in debug help (only their verdict is used)', async () => {
    const problem = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send(reverseProblem())
      .expect(201);
    const res = await debugReverse(t, user.token, problem.body._id).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.analysis).toContain('+ hello');
    expect(res.body.analysis).toContain('2 hidden tests failed');
    for (const marker of MARKERS) expect(res.body.analysis).not.toContain(marker);
  });

  it('requires sign-in', async () => {
    const res = await t.http
      .post('/api/analyze-code')
      .send({ problemId: sumId, code: SUM_ACCEPTED, language: 'java' })
      .expect(401);
    expect(res.body.error).toBe('Unauthorized');
    await t.http
      .post('/api/debug-help')
      .send({ problemId: sumId, code: SUM_ACCEPTED, language: 'java' })
      .expect(401);
  });

  it('rejects bad input with a 400 naming the field', async () => {
    const send = (path: string, body: Record<string, unknown>) =>
      t.http.post(path).set(bearer(user.token)).send(body);
    expect(
      (
        await send('/api/analyze-code', { problemId: sumId, code: SUM_ACCEPTED, language: 'python' }).expect(
          400,
        )
      ).body.error,
    ).toContain('language must be java');
    expect(
      (
        await send('/api/analyze-code', { problemId: 'nope', code: SUM_ACCEPTED, language: 'java' }).expect(
          400,
        )
      ).body.error,
    ).toContain('problemId must be a UUID');
    expect(
      (
        await send('/api/analyze-code', {
          problemId: sumId,
          code: 'x'.repeat(64 * 1024 + 1),
          language: 'java',
        }).expect(400)
      ).body.error,
    ).toContain('code must be at most 64 KiB');
    const many = Array.from({ length: 201 }, () => ({ passed: true }));
    expect(
      (
        await send('/api/debug-help', {
          problemId: sumId,
          code: SUM_ACCEPTED,
          language: 'java',
          testResults: many,
        }).expect(400)
      ).body.error,
    ).toContain('at most 200');
    expect(
      (
        await send('/api/debug-help', {
          problemId: sumId,
          code: SUM_ACCEPTED,
          language: 'java',
          testResults: [{ passed: 'yes' }],
        }).expect(400)
      ).body.error,
    ).toContain('passed must be true or false');
    expect(
      (
        await send('/api/debug-help', {
          problemId: sumId,
          code: SUM_ACCEPTED,
          language: 'java',
          testResults: 'all',
        }).expect(400)
      ).body.error,
    ).toContain('testResults must be an array');
  });

  it('keeps hidden problems to admins (404 for others) and unknown problems 404', async () => {
    const hidden = await createProblem(t, admin.token, { isVisible: false });
    const refused = await t.http
      .post('/api/analyze-code')
      .set(bearer(user.token))
      .send({ problemId: hidden._id, code: SUM_ACCEPTED, language: 'java' })
      .expect(404);
    expect(refused.body).toMatchObject({ success: false, error: 'Problem not found' });
    await t.http
      .post('/api/analyze-code')
      .set(bearer(admin.token))
      .send({ problemId: hidden._id, code: SUM_ACCEPTED, language: 'java' })
      .expect(200);
    await t.http
      .post('/api/analyze-code')
      .set(bearer(user.token))
      .send({ problemId: '00000000-0000-4000-8000-000000000000', code: SUM_ACCEPTED, language: 'java' })
      .expect(404);
  });
});

describe('AI calls through an OpenAI-compatible service (a local fake)', () => {
  const TIMEOUT_MS = 1_500;
  let t: TestApp;
  let fake: FakeOpenAi;
  let admin: SeededUser;
  let user: SeededUser;
  let reverseId: string;
  let sumId: string;
  let variant = 0;
  /** The same solution with a distinct comment, so a test's request is not answered from another test's cache. */
  const freshCode = () => `${SUM_ACCEPTED}// variant ${++variant} ${Date.now()}\n`;
  const analyze = (code: string) =>
    t.http
      .post('/api/analyze-code')
      .set(bearer(user.token))
      .send({ problemId: sumId, code, language: 'java' });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startApp(
      withJudge({
        AI_TIMEOUT_MS: String(TIMEOUT_MS),
        ...fake.env,
      }),
    );
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    reverseId = (
      await t.http.post('/api/problems').set(bearer(admin.token)).send(reverseProblem()).expect(201)
    ).body._id;
    sumId = (await createProblem(t, admin.token))._id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('prompts with the statement, code, examples, verdicts and the offline findings — never hidden test data', async () => {
    const before = fake.requests.length;
    const res = await debugReverse(t, user.token, reverseId).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.analysis.startsWith(FAKE_ANSWER_PREFIX)).toBe(true);
    expect(fake.requests.length).toBe(before + 1);
    const request = fake.requests[before];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
    expect(request.body.model).toBe(FAKE_MODEL);
    const prompt = promptOf(request);
    expectMentions(prompt, [
      'Return s reversed.',
      '1 <= s.length <= 10^5',
      'public static String reverse(String s)',
      'out += s.charAt(i);',
      '{"s":"hello"}',
      'olleh',
      '(hidden): failed — Wrong answer',
      '## Static findings',
      '## Diagnosis',
    ]);

    const analysis = await t.http
      .post('/api/analyze-code')
      .set(bearer(user.token))
      .send({ problemId: reverseId, code: REVERSE_WRONG, language: 'java' })
      .expect(200);
    expect(analysis.body.success).toBe(true);
    for (const r of fake.requests.slice(before))
      for (const marker of MARKERS) expect(r.raw).not.toContain(marker);
    for (const marker of MARKERS) {
      expect(res.body.analysis).not.toContain(marker);
      expect(analysis.body.analysis).not.toContain(marker);
    }
  });

  it('prompts a classic (stdio) problem as a whole program with its limits, and says signature-based help does not apply', async () => {
    const classic = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send({
        kind: 'stdio',
        title: `Sum from stdin ${Math.random().toString(36).slice(2, 7)}`,
        description: 'Read $n$, then $n$ numbers; print their sum.',
        testCases: [
          { input: '3\n1 2 3\n', expectedOutput: '6\n', isExample: true },
          { input: `1\n${HIDDEN_INPUT.length}\n`, expectedOutput: `${HIDDEN_EXPECTED}\n`, isExample: false },
        ],
        timeLimitMs: 1500,
        memoryLimitMb: 128,
        validatorFlags: ['float_tolerance', '1e-6'],
      })
      .expect(201);
    const program = `package team;\n\nimport java.util.*;\n\nclass sol {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        int n = in.nextInt();\n        int s = 0;\n        for (int i = 0; i <= n; i++) s += in.nextInt();\n        System.out.println(s);\n    }\n}\n// ${Date.now()}\n`;
    const before = fake.requests.length;
    const res = await t.http
      .post('/api/debug-help')
      .set(bearer(user.token))
      .send({
        problemId: classic.body._id,
        code: program,
        language: 'java',
        errorMessage: 'Runtime error: NoSuchElementException',
        testResults: [
          { passed: false, expectedOutput: '6\n', actualOutput: '', error: 'Runtime error', isExample: true },
        ],
      })
      .expect(200);
    expect(res.body.analysis.startsWith(FAKE_ANSWER_PREFIX)).toBe(true);
    const analysis = await t.http
      .post('/api/analyze-code')
      .set(bearer(user.token))
      .send({ problemId: classic.body._id, code: program, language: 'java' })
      .expect(200);
    expect(analysis.body.success).toBe(true);
    expect(fake.requests.length).toBe(before + 2);
    for (const request of fake.requests.slice(before)) {
      const prompt = promptOf(request);
      expectMentions(prompt, [
        '## Program to write (a classic stdin/stdout problem)',
        'There is no function to implement',
        'Limits: time 1.5 s per test, memory 128 MB.',
        'with the validator flags `float_tolerance 1e-6`',
        'Features built on a function signature (typed input variables) do not apply',
      ]);
      // The example's raw text, line breaks and all.
      expect(prompt).toContain('Example 1 input:\n```\n3\n1 2 3\n\n```');
      expect(prompt).toContain('Read $n$, then $n$ numbers; print their sum.');
      // Nothing of a function problem's signature or its input encoding.
      expect(prompt).not.toContain('## Function to implement');
      expect(prompt).not.toContain('public static void ()');
      expect(prompt).not.toContain('one value per line in parameter order');
      for (const marker of MARKERS) expect(request.raw).not.toContain(marker);
    }
  });

  it('falls back to the built-in answer with a note when the service is slower than the timeout, within the bound', async () => {
    const before = fake.requests.length;
    const FAKE_DELAY_MS = 20_000;
    fake.queue({ delayMs: FAKE_DELAY_MS });
    const started = Date.now();
    const res = await analyze(freshCode()).expect(200);
    const elapsed = Date.now() - started;
    expect(res.body.success).toBe(true);
    expect(res.body.analysis.startsWith('> The AI service did not answer in time')).toBe(true);
    expect(res.body.analysis).toContain('## Complexity');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    // One timeout plus the built-in analysis (a compile in the judge), and far less than the service's delay.
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 8_000);
    expect(elapsed).toBeLessThan(FAKE_DELAY_MS / 2);
    // A timed-out attempt is not repeated: the user waits one timeout at most.
    expect(fake.requests.length).toBe(before + 1);
  });

  it('retries once after a server error and returns the answer', async () => {
    const before = fake.requests.length;
    fake.queue({ status: 500 });
    const res = await analyze(freshCode()).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.analysis).toBe(`${FAKE_ANSWER_PREFIX} #${before + 2}.`);
    expect(fake.requests.length).toBe(before + 2);
  });

  it('falls back to the built-in answer when the retry fails too, or the request is refused', async () => {
    let before = fake.requests.length;
    fake.queue({ status: 503 }, { status: 502 });
    const failing = await analyze(freshCode()).expect(200);
    expect(failing.body.success).toBe(true);
    expect(failing.body.analysis.startsWith('> The AI service is unavailable right now')).toBe(true);
    expect(failing.body.analysis).toContain('**Time:** O(1)');
    expect(fake.requests.length).toBe(before + 2);

    before = fake.requests.length;
    fake.queue({ status: 401 });
    const refused = await analyze(freshCode()).expect(200);
    expect(refused.body.analysis.startsWith('> The AI service is unavailable right now')).toBe(true);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('answers a repeated request from the cache without calling the service; fallbacks are not cached', async () => {
    const code = freshCode();
    const before = fake.requests.length;
    const first = await analyze(code).expect(200);
    expect(fake.requests.length).toBe(before + 1);
    const second = await analyze(code).expect(200);
    expect(second.body).toEqual(first.body);
    expect(fake.requests.length).toBe(before + 1);
    await analyze(`${code} `).expect(200);
    expect(fake.requests.length).toBe(before + 2);

    const flaky = freshCode();
    fake.queue({ status: 500 }, { status: 500 });
    const fallback = await analyze(flaky).expect(200);
    expect(fallback.body.analysis.startsWith('> The AI service is unavailable')).toBe(true);
    const retried = await analyze(flaky).expect(200);
    expect(retried.body.analysis.startsWith(FAKE_ANSWER_PREFIX)).toBe(true);
    expect(fake.requests.length).toBe(before + 5);
  });
});

describe('AI rate limit', () => {
  const LIMIT = 3;
  let t: TestApp;
  let admin: SeededUser;
  let sumId: string;

  beforeAll(async () => {
    t = await startApp(
      withJudge({
        AI_RATE_LIMIT: String(LIMIT),
        AI_RATE_WINDOW_SECONDS: '600',
        RATE_LIMIT_DISABLED: 'false',
      }),
    );
    admin = await seedUser(t, ['admin']);
    sumId = (await createProblem(t, admin.token))._id;
  });
  afterAll(() => t.close());

  it(`refuses a user's call past ${LIMIT} per window on both endpoints with a 429 and a clear message, other users unaffected`, async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    const body = { problemId: sumId, code: SUM_ACCEPTED, language: 'java' };
    await t.http.post('/api/analyze-code').set(bearer(user.token)).send(body).expect(200);
    await t.http.post('/api/debug-help').set(bearer(user.token)).send(body).expect(200);
    await t.http.post('/api/analyze-code').set(bearer(user.token)).send(body).expect(200);
    const refused = await t.http.post('/api/debug-help').set(bearer(user.token)).send(body).expect(429);
    expect(refused.body.success).toBe(false);
    expect(refused.body.error).toMatch(
      /^Too many AI requests: at most 3 every 10 minutes\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.http.post('/api/analyze-code').set(bearer(user.token)).send(body).expect(429);
    await t.http.post('/api/analyze-code').set(bearer(other.token)).send(body).expect(200);
  });
});
