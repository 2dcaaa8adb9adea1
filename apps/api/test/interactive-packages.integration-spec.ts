import { PackageMessages } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, type SeededUser } from './support/app';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { exportPackage, importPackage } from './support/packages';
import { judgeAndRecord } from './support/submissions';
import { buildZip } from './support/zip';

/**
 * Interactive problems through the API (issue 42): a package with a C++ interactor imports, its sample
 * dialogue is shown (its .in / .ans are not), its Java jury submissions get the verdicts their folders
 * allow, a practice submit is judged against the interactor, custom input says why it cannot run, and
 * the package exports and imports again the same.
 */

const VALIDATOR = `#include <cstdio>
#include <fstream>
#include <string>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  long n; in >> n;
  std::string fb = std::string(argv[3]) + "judgemessage.txt";
  FILE* msg = fopen(fb.c_str(), "w");
  for (int q = 1; q <= 25; q++) {
    long g;
    if (scanf("%ld", &g) != 1) { fprintf(msg, "guess %d: no number", q); return 43; }
    if (g == n) { printf("correct\\n"); fflush(stdout); return 42; }
    printf(g < n ? "higher\\n" : "lower\\n"); fflush(stdout);
  }
  fprintf(msg, "too many guesses");
  return 43;
}
`;

const program = (name: string, body: string) =>
  `import java.util.*;\n\npublic class ${name} {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n${body}\n    }\n}\n`;

const SEARCH = program(
  'Search',
  `        long lo = 1, hi = 1_000_000;
        while (true) {
            long mid = (lo + hi) / 2;
            System.out.println(mid);
            String r = in.next();
            if (r.equals("correct")) return;
            if (r.equals("higher")) lo = mid + 1; else hi = mid - 1;
        }`,
);
const LINEAR = program(
  'Linear',
  `        for (long g = 1; ; g++) { System.out.println(g); if (in.next().equals("correct")) return; }`,
);
const SPIN = program('Spin', `        System.out.println(1); in.next(); long x = 0; while (true) x++;`);

const SECRET = '424242';
/** In the sample's .in beside the number: never shown to a non-admin (the format keeps .in from teams). */
const HIDDEN = 'zqSampleInputMarker';

function guessPackage(): Record<string, string> {
  return {
    'problem.yaml': 'name: Guess the Number\nvalidation: custom interactive\n',
    '.timelimit': '2\n',
    'problem_statement/problem.en.tex':
      '\\problemname{Guess the Number}\nGuess $n$, $1 \\le n \\le 10^6$: each guess is answered higher, lower or correct.\n',
    'output_validators/guess/validate.cpp': VALIDATOR,
    'data/sample/1.in': `${SECRET}\n${HIDDEN}\n`,
    'data/sample/1.ans': '\n',
    'data/sample/1.interaction': '>500000\n<lower\n>250000\n<higher\n>424242\n<correct\n',
    'data/sample/2.interaction': '>500000\n<correct\n',
    'data/secret/1.in': '1\n',
    'data/secret/1.ans': '\n',
    'data/secret/2.in': '999999\n',
    'data/secret/2.ans': '\n',
    'submissions/accepted/Search.java': SEARCH,
    'submissions/wrong_answer/Linear.java': LINEAR,
    'submissions/time_limit_exceeded/Spin.java': SPIN,
  };
}

describe('interactive problem packages (issue 42)', () => {
  let t: JudgedApp;
  let admin: SeededUser;
  let user: SeededUser;
  let id: string;

  beforeAll(async () => {
    t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '180000' });
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    const imported = await importPackage(t, admin.token, buildZip(guessPackage())).expect(201);
    id = imported.body._id;
  }, 180_000);
  afterAll(() => t?.close());

  it('imports as an interactive problem; the sample dialogue is shown, its input and answer are not', async () => {
    const view = (await t.http.get(`/api/problems/${id}`).set(bearer(user.token)).expect(200)).body;
    expect(view).toMatchObject({ kind: 'stdio', interaction: 'interactive', timeLimitMs: 2000 });
    expect(view.testCases).toHaveLength(1);
    expect(view.testCases[0]).toMatchObject({ input: '', expectedOutput: '' });
    expect(view.testCases[0].interaction).toEqual([
      { from: 'submission', text: '500000' },
      { from: 'validator', text: 'lower' },
      { from: 'submission', text: '250000' },
      { from: 'validator', text: 'higher' },
      { from: 'submission', text: '424242' },
      { from: 'validator', text: 'correct' },
    ]);
    expect(view.sampleInteractions).toEqual([
      [
        { from: 'submission', text: '500000' },
        { from: 'validator', text: 'correct' },
      ],
    ]);
    expect(JSON.stringify(view)).not.toContain(HIDDEN);
    expect(view.outputValidator).toBeUndefined();
    const asAdmin = (await t.http.get(`/api/problems/${id}`).set(bearer(admin.token)).expect(200)).body;
    expect(asAdmin.testCases.find((c: { isExample: boolean }) => c.isExample).input).toBe(
      `${SECRET}\n${HIDDEN}\n`,
    );
  });

  it('verifies every Java jury submission against the interactor: each gets a verdict its folder allows', async () => {
    const verified = await t.http.post(`/api/problems/${id}/verify`).set(bearer(admin.token)).expect(200);
    const byPath = Object.fromEntries(
      verified.body.submissions.map((s: { path: string; verdict: string; ok: boolean }) => [s.path, s]),
    );
    expect(byPath['submissions/accepted/Search.java']).toMatchObject({ verdict: 'accepted', ok: true });
    expect(byPath['submissions/wrong_answer/Linear.java']).toMatchObject({
      verdict: 'wrong_answer',
      ok: true,
    });
    expect(byPath['submissions/wrong_answer/Linear.java'].feedback?.message).toBe('too many guesses');
    expect(byPath['submissions/time_limit_exceeded/Spin.java']).toMatchObject({
      verdict: 'time_limit_exceeded',
      ok: true,
    });
  });

  it('a practice submit is judged against the interactor: accepted, and a wrong one is not', async () => {
    await judgeAndRecord(t, user, id, SEARCH, 'accepted');
    await judgeAndRecord(t, user, id, LINEAR, 'wrong_answer');
  });

  it('custom input on an interactive problem is a 400 that says why', async () => {
    const res = await t.http
      .post('/api/run-custom')
      .set(bearer(user.token))
      .send({ problemId: id, code: SEARCH, language: 'java', inputs: { stdin: '5\n' } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(PackageMessages.customInputInteractive);
  });

  it('exports with its type, dialogues and interactor, and imports again as the same problem', async () => {
    const zip = await exportPackage(t, admin.token, id);
    const again = await importPackage(t, admin.token, zip).expect(201);
    const [a, b] = await Promise.all(
      [id, again.body._id].map(
        async (p) => (await t.http.get(`/api/problems/${p}`).set(bearer(admin.token)).expect(200)).body,
      ),
    );
    const essence = (p: Record<string, unknown> & { testCases: Record<string, unknown>[] }) => ({
      interaction: p.interaction,
      sampleInteractions: p.sampleInteractions,
      outputValidator: p.outputValidator,
      timeLimitMs: p.timeLimitMs,
      tests: p.testCases.map((c) => [c.input, c.expectedOutput, c.isExample, c.interaction]),
    });
    expect(essence(b)).toEqual(essence(a));
  });

  it('a package whose .interaction line is neither < nor > is a 400 naming the file and line', async () => {
    const res = await importPackage(
      t,
      admin.token,
      buildZip({ ...guessPackage(), 'data/sample/1.interaction': '>1\n?what\n' }),
    ).expect(400);
    expect(res.body.message).toBe(PackageMessages.badInteraction('data/sample/1.interaction', 2));
  });

  it("a test group's testdata.yaml flags apply to its tests only, are stored, and export back (issue 42)", async () => {
    const third = program('Third', '        System.out.println(in.nextInt() / 3.0 + 0.01);');
    const files = {
      'problem.yaml': 'problem_format_version: 2023-07-draft\nname: Thirds\nlimits:\n  time_limit: 1\n',
      'problem_statement/problem.en.md': 'Print n / 3.\n',
      'data/sample/1.in': '3\n',
      'data/sample/1.ans': '1.01\n',
      'data/secret/loose/testdata.yaml': 'output_validator_flags: float_tolerance 0.1\n',
      'data/secret/loose/1.in': '6\n',
      'data/secret/loose/1.ans': '2\n',
      'data/secret/strict/1.in': '9\n',
      'data/secret/strict/1.ans': '3\n',
      'submissions/accepted/Third.java': third,
    };
    const res = await importPackage(t, admin.token, buildZip(files)).expect(201);
    const stored = await t.db.query(
      `SELECT name, validator_flags FROM test_cases WHERE problem_id = $1 ORDER BY name`,
      [res.body._id],
    );
    expect(stored).toEqual([
      { name: 'sample/1', validator_flags: null },
      { name: 'secret/loose/1', validator_flags: ['float_tolerance', '0.1'] },
      { name: 'secret/strict/1', validator_flags: null },
    ]);
    const run = await t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ problemId: res.body._id, code: third, language: 'java', runAllTestCases: true });
    expect(run.status).toBe(200);
    // The loose group takes 2.01 for 2; the strict one refuses 3.01 for 3.
    expect(run.body.results.map((r: { verdict: string }) => r.verdict)).toEqual([
      'accepted',
      'accepted',
      'wrong_answer',
    ]);
    const zip = await exportPackage(t, admin.token, res.body._id);
    const again = await importPackage(t, admin.token, zip).expect(201);
    const restored = await t.db.query(
      `SELECT name, validator_flags FROM test_cases WHERE problem_id = $1 ORDER BY name`,
      [again.body._id],
    );
    expect(restored).toEqual(stored);
  });

  it('a jury submission of several files (a folder, packages, an entry class not Main) is verified and exported back', async () => {
    const files = {
      'problem.yaml': 'problem_format_version: 2023-07-draft\nname: Sum Two\nlimits:\n  time_limit: 1\n',
      'problem_statement/problem.en.md': 'Print a + b.\n',
      'data/sample/1.in': '1 2\n',
      'data/sample/1.ans': '3\n',
      'data/secret/1.in': '40 2\n',
      'data/secret/1.ans': '42\n',
      'submissions/accepted/split/jury/Solver.java':
        'package jury;\nimport jury.io.Reader;\npublic class Solver {\n  public static void main(String[] a) { Reader r = new Reader(); System.out.println(r.next() + r.next()); }\n}\n',
      'submissions/accepted/split/jury/io/Reader.java':
        'package jury.io;\npublic class Reader {\n  private final java.util.Scanner in = new java.util.Scanner(System.in);\n  public long next() { return in.nextLong(); }\n}\n',
      'submissions/wrong_answer/broken/Main.java':
        'public class Main { public static void main(String[] a) { System.out.println(Helper.answer()); } }\n',
      'submissions/wrong_answer/broken/Helper.java': 'class Helper { static int answer() { return 7; } }\n',
    };
    const res = await importPackage(t, admin.token, buildZip(files)).expect(201);
    const verified = await t.http
      .post(`/api/problems/${res.body._id}/verify`)
      .set(bearer(admin.token))
      .expect(200);
    expect(
      verified.body.submissions.map((s: { path: string; verdict: string; ok: boolean }) => [
        s.path,
        s.verdict,
        s.ok,
      ]),
    ).toEqual([
      ['submissions/accepted/split', 'accepted', true],
      ['submissions/wrong_answer/broken', 'wrong_answer', true],
    ]);
    const again = await importPackage(
      t,
      admin.token,
      await exportPackage(t, admin.token, res.body._id),
    ).expect(201);
    const jury = await t.db.query(
      `SELECT path, files FROM jury_submissions WHERE problem_id = $1 ORDER BY path`,
      [again.body._id],
    );
    expect(jury.map((j: { path: string }) => j.path)).toEqual([
      'submissions/accepted/split',
      'submissions/wrong_answer/broken',
    ]);
    expect(jury[0].files.map((f: { path: string }) => f.path)).toEqual([
      'jury/Solver.java',
      'jury/io/Reader.java',
    ]);
  });
});
