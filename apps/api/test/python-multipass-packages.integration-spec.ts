import { PackageMessages } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, type SeededUser } from './support/app';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { exportPackage, importPackage } from './support/packages';
import { DECLARATIONS, DOUBLING, doublingPackage, OFF_ON_PASS_2 } from './support/doubling-package';
import { judgeAndRecord } from './support/submissions';
import { buildZip } from './support/zip';

/**
 * Issue 42, what was left: interactive multi-pass problems (2023-07 `type: interactive multi-pass`, 2025-09
 * `type: [interactive, multi-pass]`) and Python output validators and interactors, imported and judged
 * through the API (a version-3 judge job) by a real judge.
 */

/** Sums with a Python output validator that accepts the sum within 0.01 and says what it saw. */
const SUM_VALIDATOR = `import sys
expected = float(open(sys.argv[2]).read())
got = sys.stdin.read().split()
with open(sys.argv[3] + 'judgemessage.txt', 'w') as message:
    message.write('got %s' % ' '.join(got))
sys.exit(42 if len(got) == 1 and abs(float(got[0]) - expected) <= 0.01 else 43)
`;

const sum = (name: string, extra: string) =>
  `import java.util.*;\n\npublic class ${name} {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        System.out.println(in.nextDouble() + in.nextDouble()${extra});\n    }\n}\n`;

function sumPackage(validator: string): Record<string, string> {
  return {
    'problem.yaml': 'name: Sum\nvalidation: custom\n',
    '.timelimit': '2\n',
    'problem_statement/problem.en.md': 'Print a + b.\n',
    'output_validators/sum/check.py': validator,
    'data/sample/1.in': '1 2\n',
    'data/sample/1.ans': '3\n',
    'data/secret/1.in': '0.5 0.25\n',
    'data/secret/1.ans': '0.75\n',
    'submissions/accepted/Close.java': sum('Close', ' + 0.001'),
    'submissions/wrong_answer/Far.java': sum('Far', ' + 1'),
  };
}

type Verified = { path: string; verdict: string; ok: boolean; feedback?: { message?: string } };

describe('interactive multi-pass and Python-validated packages (issue 42)', () => {
  let t: JudgedApp;
  let admin: SeededUser;
  let user: SeededUser;

  const verify = async (id: string): Promise<Record<string, Verified>> => {
    const res = await t.http.post(`/api/problems/${id}/verify`).set(bearer(admin.token)).expect(200);
    return Object.fromEntries(res.body.submissions.map((s: Verified) => [s.path, s]));
  };
  const stored = async (id: string) =>
    (
      await t.db.query(
        `SELECT interaction, validation_passes, output_validator FROM problems WHERE id = $1`,
        [id],
      )
    )[0];

  beforeAll(async () => {
    t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '180000' });
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
  }, 180_000);
  afterAll(() => t?.close());

  it.each(DECLARATIONS)(
    '%s imports as interactive with its passes; its Java jury get the verdicts their folders allow',
    async (_declared, yaml) => {
      const imported = await importPackage(t, admin.token, buildZip(doublingPackage(yaml))).expect(201);
      const id = imported.body._id;
      expect(await stored(id)).toMatchObject({ interaction: 'interactive', validation_passes: 3 });
      expect((await stored(id)).output_validator.language).toBe('python');
      const byPath = await verify(id);
      expect(byPath['submissions/accepted/Doubling.java']).toMatchObject({ verdict: 'accepted', ok: true });
      expect(byPath['submissions/wrong_answer/OffByOne.java']).toMatchObject({
        verdict: 'wrong_answer',
        ok: true,
      });
      expect(byPath['submissions/wrong_answer/OffByOne.java'].feedback?.message).toBe(
        'pass 1 ok;pass 2 wrong;',
      );
      expect(byPath['submissions/time_limit_exceeded/Spin.java']).toMatchObject({
        verdict: 'time_limit_exceeded',
        ok: true,
      });
      await judgeAndRecord(t, user, id, DOUBLING, 'accepted');
      await judgeAndRecord(t, user, id, OFF_ON_PASS_2, 'wrong_answer');
    },
  );

  it('an interactive multi-pass problem exports as one and imports again the same', async () => {
    const yaml = DECLARATIONS[1][1];
    const id = (await importPackage(t, admin.token, buildZip(doublingPackage(yaml))).expect(201)).body._id;
    const again = await importPackage(t, admin.token, await exportPackage(t, admin.token, id)).expect(201);
    const [a, b] = [await stored(id), await stored(again.body._id)];
    expect(b).toEqual(a);
  });

  it('a Python output validator: the jury get their verdicts, a submit is judged by it', async () => {
    const id = (await importPackage(t, admin.token, buildZip(sumPackage(SUM_VALIDATOR))).expect(201)).body
      ._id;
    const byPath = await verify(id);
    expect(byPath['submissions/accepted/Close.java']).toMatchObject({ verdict: 'accepted', ok: true });
    expect(byPath['submissions/wrong_answer/Far.java']).toMatchObject({ verdict: 'wrong_answer', ok: true });
    expect(byPath['submissions/wrong_answer/Far.java'].feedback?.message).toBe('got 4.0');
    await judgeAndRecord(t, user, id, sum('Main', ''), 'accepted');
    await judgeAndRecord(t, user, id, sum('Main', ' * 2'), 'wrong_answer');
  });

  it('a hostile Python validator (exits 0) is a judge error: the accepted jury submission is not accepted', async () => {
    const id = (
      await importPackage(t, admin.token, buildZip(sumPackage('import sys\nsys.exit(0)\n'))).expect(201)
    ).body._id;
    const byPath = await verify(id);
    expect(byPath['submissions/accepted/Close.java'].verdict).not.toBe('accepted');
    expect(byPath['submissions/accepted/Close.java'].ok).toBe(false);
  });

  it('a Python validator of several files without __main__.py is a 400 naming it', async () => {
    const files = {
      ...sumPackage(SUM_VALIDATOR),
      'output_validators/sum/helper.py': 'X = 1\n',
    };
    const res = await importPackage(t, admin.token, buildZip(files)).expect(400);
    expect(res.body.message).toBe(PackageMessages.noPythonEntry('output_validators/sum'));
  });
});
