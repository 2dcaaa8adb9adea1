import { PackageMessages } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, type SeededUser } from './support/app';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { importPackage } from './support/packages';
import { buildZip } from './support/zip';

/**
 * A package that states no time limit gets one from its jury's accepted submissions, as the format
 * sets it (issue 42): the slowest accepted run on this judge times the multiplier, rounded by the
 * format's rule; a time_limit_exceeded submission that does not exceed the margin is warned about.
 * The times are measured, so the assertions hold the rule to the measured figure, not to a constant.
 */
const program = (name: string, body: string) =>
  `import java.util.*;\n\npublic class ${name} {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        long n = in.nextLong();\n${body}\n    }\n}\n`;

const FAST = program('Fast', '        System.out.println(n * (n + 1) / 2);');
// The same sum the slow way, with a few hundred million steps of busy work beside it.
const SLOW = program(
  'Slow',
  `        long s = 0, noise = 0;
        for (long i = 1; i <= n; i++) s += i;
        for (long i = 0; i < 400_000_000L; i++) noise += i % 7;
        System.out.println(noise < 0 ? -1 : s);`,
);

function sumPackage(problemYaml: string): Record<string, string> {
  return {
    'problem.yaml': problemYaml,
    'problem_statement/problem.en.md': 'Print 1 + 2 + … + n.\n',
    'data/sample/1.in': '3\n',
    'data/sample/1.ans': '6\n',
    'data/secret/1.in': '100000\n',
    'data/secret/1.ans': '5000050000\n',
    'submissions/accepted/Fast.java': FAST,
    'submissions/accepted/Slow.java': SLOW,
    // Named a time-out but as fast as the fastest: inside any margin.
    'submissions/time_limit_exceeded/NotSlow.java': FAST.replace('class Fast', 'class NotSlow'),
  };
}

describe('time limits set from the jury (issue 42)', () => {
  let t: JudgedApp;
  let admin: SeededUser;

  beforeAll(async () => {
    t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '180000', JUDGE_TIME_SCALE: '1' });
    admin = await seedUser(t, ['admin']);
  }, 120_000);
  afterAll(() => t?.close());

  const view = async (id: string) =>
    (await t.http.get(`/api/problems/${id}`).set(bearer(admin.token)).expect(200)).body;

  it('legacy: time_multiplier × the slowest accepted run, rounded to whole seconds; the margin is checked', async () => {
    const res = await importPackage(
      t,
      admin.token,
      buildZip(sumPackage('name: Sum\nlimits:\n  time_multiplier: 3\n')),
    ).expect(201);
    const problem = await view(res.body._id);
    const basis = problem.timeLimitBasis;
    expect(basis.slowestPath).toBe('submissions/accepted/Slow.java');
    expect(basis.slowestMs).toBeGreaterThan(50);
    const exactS = (basis.slowestMs / 1000) * 3;
    expect(problem.timeLimitMs).toBe(Math.max(1, Math.round(exactS)) * 1000);
    expect(basis.limitMs).toBe(problem.timeLimitMs);
    expect(basis.marginMs).toBe(Math.max(problem.timeLimitMs + 1000, Math.round(exactS * 2) * 1000));
    const warnings: string[] = res.body.warnings;
    expect(warnings).toContain(
      PackageMessages.timeLimitFromJury(
        basis.limitMs,
        basis.slowestMs,
        basis.slowestPath,
        basis.rule,
        basis.marginMs,
      ),
    );
    expect(
      warnings.some((w) => w.startsWith('submissions/time_limit_exceeded/NotSlow.java should exceed')),
    ).toBe(true);
    // The limit set is one the slow accepted submission passes: verify says so, with its time beside it.
    const verified = await t.http
      .post(`/api/problems/${res.body._id}/verify`)
      .set(bearer(admin.token))
      .expect(200);
    const slow = verified.body.submissions.find((s: { path: string }) => s.path.endsWith('Slow.java'));
    expect(slow).toMatchObject({ verdict: 'accepted', ok: true, timeLimitMs: problem.timeLimitMs });
    expect(slow.maxTimeMs).toBeLessThan(problem.timeLimitMs);
  });

  it('2023-07: the smallest multiple of time_resolution at least ac_to_time_limit × the slowest run', async () => {
    const res = await importPackage(
      t,
      admin.token,
      buildZip(
        sumPackage(
          'problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  time_resolution: 0.5\n  time_multipliers:\n    ac_to_time_limit: 2.5\n',
        ),
      ),
    ).expect(201);
    const problem = await view(res.body._id);
    const basis = problem.timeLimitBasis;
    const steps = Math.max(1, Math.ceil((basis.slowestMs * 2.5) / 500 - 1e-9));
    expect(problem.timeLimitMs).toBe(steps * 500);
    expect(basis.marginMs).toBe(Math.round(problem.timeLimitMs * 1.5));
  });

  it('a stated time limit is kept, and nothing is timed', async () => {
    const res = await importPackage(
      t,
      admin.token,
      buildZip(sumPackage('problem_format_version: 2023-07-draft\nname: Sum\nlimits:\n  time_limit: 3\n')),
    ).expect(201);
    const problem = await view(res.body._id);
    expect(problem.timeLimitMs).toBe(3000);
    expect(problem.timeLimitBasis).toBeUndefined();
  });

  it('no accepted Java submission: the default, said so', async () => {
    const files = sumPackage('name: Sum\n');
    delete files['submissions/accepted/Fast.java'];
    delete files['submissions/accepted/Slow.java'];
    const res = await importPackage(t, admin.token, buildZip(files)).expect(201);
    expect(res.body.warnings).toContain(PackageMessages.noAcceptedToTime(1000));
    expect((await view(res.body._id)).timeLimitMs).toBe(1000);
  });
});
