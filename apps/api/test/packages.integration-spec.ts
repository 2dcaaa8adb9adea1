import { PACKAGE_LIMITS, PackageMessages } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, SeededUser } from './support/app';
import { createContest, startNow } from './support/contests';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { exportPackage, importPackage } from './support/packages';
import { judgeAndRecord } from './support/submissions';
import { buildZip, type ZipEntry } from './support/zip';
import { ImageLinks } from '../src/problems/image-links';

/** A whole Java program: `body` is main's body, with a Scanner `in` over stdin. */
const program = (name: string, body: string, header = '') =>
  `${header}import java.util.*;\n\npublic class ${name} {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        ${body}\n    }\n}\n`;

const SUM_AC = `package jury.sums;\n\nimport java.util.*;\n\nclass sol {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        int n = in.nextInt();\n        long s = 0;\n        for (int i = 0; i < n; i++) s += in.nextLong();\n        System.out.println(s);\n    }\n}\n`;
const SUM_WA = program(
  'Off',
  'int n = in.nextInt(); long s = 1; for (int i = 0; i < n; i++) s += in.nextLong(); System.out.println(s);',
);
const SUM_TLE = program('Slow', 'long x = 0; while (true) x++;');
const SUM_RTE = program('Crash', 'throw new IllegalStateException("no");');
/** A secret marker in the jury code: no non-admin response may carry it. */
const JURY_MARKER = 'zqJurySecret41';
const HIDDEN_MARKER = '987654321';

/** Legacy: problem.yaml with `validation: default`, a .timelimit, a LaTeX statement with an image, secret groups. */
function legacySumPackage(extra: Record<string, string | Buffer> = {}): Record<string, string | Buffer> {
  return {
    'problem.yaml': 'name: Add Them Up\nsource: Javelin tests\nvalidation: default\nkeywords: sums easy\n',
    '.timelimit': '2\n',
    'problem_statement/problem.en.tex':
      '\\problemname{Add Them Up}\nGiven $n$ numbers, print their sum.\n\\section*{Input}\nThe first line holds $n$.\n\\includegraphics{sum.png}\n',
    'problem_statement/sum.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
    'data/sample/1.in': '3\n1 2 3\n',
    'data/sample/1.ans': '6\n',
    'data/secret/g2/01.in': `2\n${HIDDEN_MARKER} 1\n`,
    'data/secret/g2/01.ans': `${Number(HIDDEN_MARKER) + 1}\n`,
    'data/secret/g1/10.in': '1\n-5\n',
    'data/secret/g1/10.ans': '-5\n',
    'data/secret/g1/02.in': '2\n10 20\n',
    'data/secret/g1/02.ans': '30\n',
    'submissions/accepted/sol.java': `// ${JURY_MARKER}\n${SUM_AC}`,
    'submissions/wrong_answer/Off.java': SUM_WA,
    'submissions/time_limit_exceeded/Slow.java': SUM_TLE,
    'submissions/run_time_error/Crash.java': SUM_RTE,
    'submissions/accepted/sol.py': 'print(sum(map(int, open(0).read().split()[1:])))\n',
    ...extra,
  };
}

/** 2023-07: name as a language map, limits.time_limit, a Markdown statement, testdata.yaml's flags (float_tolerance). */
function averagePackage(flags = 'float_tolerance 1e-6'): Record<string, string> {
  return {
    'problem.yaml':
      'problem_format_version: 2023-07-draft\nname:\n  en: Average\n  de: Durchschnitt\ntype: pass-fail\nlimits:\n  time_limit: 1.5\n  memory: 512\n',
    'data/testdata.yaml': `output_validator_flags: "${flags}"\n`,
    'problem_statement/problem.en.md':
      'Print the average of $n$ numbers.\n\n![a chart](chart.svg)\n\n{{nextsample}}\n',
    'problem_statement/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'data/sample/01.in': '2\n1 2\n',
    'data/sample/01.ans': '1.5\n',
    'data/secret/01.in': '3\n1 1 2\n',
    'data/secret/01.ans': '1.333333333333\n',
    'submissions/accepted/Precise.java': program(
      'Precise',
      'int n = in.nextInt(); double s = 0; for (int i = 0; i < n; i++) s += in.nextInt(); System.out.printf("%.9f%n", s / n);',
    ),
    'submissions/wrong_answer/Rounded.java': program(
      'Rounded',
      'int n = in.nextInt(); double s = 0; for (int i = 0; i < n; i++) s += in.nextInt(); System.out.printf("%.1f%n", s / n);',
    ),
  };
}

/** Any divisor d of n with 1 < d < n: the answer file holds one, a custom validator accepts any. */
const DIVISOR_SMALLEST = program(
  'Smallest',
  'long n = in.nextLong(); for (long d = 2; d < n; d++) if (n % d == 0) { System.out.println(d); return; }',
);
const DIVISOR_LARGEST = program(
  'Largest',
  'long n = in.nextLong(); for (long d = n - 1; d > 1; d--) if (n % d == 0) { System.out.println(d); return; }',
);
const DIVISOR_ONE = program('One', 'System.out.println(1);');
const divisorTests = {
  'data/sample/1.in': '12\n',
  'data/sample/1.ans': '2\n',
  'data/secret/1.in': '35\n',
  'data/secret/1.ans': '5\n',
  'data/secret/2.in': '49\n',
  'data/secret/2.ans': '7\n',
};
const divisorSubmissions = {
  'submissions/accepted/Smallest.java': DIVISOR_SMALLEST,
  'submissions/accepted/Largest.java': DIVISOR_LARGEST,
  'submissions/wrong_answer/One.java': DIVISOR_ONE,
};

const CPP_VALIDATOR = `#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
    std::ifstream input(argv[1]);
    long long n; input >> n;
    long long d;
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    if (!(std::cin >> d)) { message << "no number"; return 43; }
    if (d <= 1 || d >= n || n % d != 0) { message << d << " does not divide " << n; return 43; }
    return 42;
}
`;

const JAVA_VALIDATOR = `import java.nio.file.*;
import java.util.*;

public class Check {
    public static void main(String[] args) throws Exception {
        long n = Long.parseLong(Files.readString(Path.of(args[0])).trim());
        Scanner team = new Scanner(System.in);
        if (!team.hasNextLong()) System.exit(43);
        long d = team.nextLong();
        if (d <= 1 || d >= n || n % d != 0) {
            Files.writeString(Path.of(args[2], "judgemessage.txt"), d + " does not divide " + n);
            System.exit(43);
        }
        System.exit(42);
    }
}
`;

/** 2025-09: statement/, output_validator/ (C++), test_group.yaml. */
function cppDivisorPackage(): Record<string, string> {
  return {
    'problem.yaml':
      'problem_format_version: 2025-09\nname: Some Divisor\nuuid: 1b9c9f4e-0000-4000-8000-000000000001\n',
    'statement/problem.en.md': 'Print any divisor $d$ of $n$ with $1 < d < n$.\n',
    'output_validator/validator.cpp': CPP_VALIDATOR,
    ...divisorTests,
    ...divisorSubmissions,
  };
}

/** Legacy with `validation: custom` and a Java validator in output_validators/<name>/, zipped with its folder. */
function javaDivisorPackage(): Record<string, string> {
  const files: Record<string, string> = {
    'problem.yaml': 'name: Some Divisor (Java)\nvalidation: custom\nvalidator_flags: ""\n',
    'domjudge-problem.ini': "timelimit='3'\n",
    'problem_statement/problem.md': 'Print any divisor $d$ of $n$ with $1 < d < n$.\n',
    'output_validators/check/Check.java': JAVA_VALIDATOR,
    ...divisorTests,
    ...divisorSubmissions,
  };
  return Object.fromEntries(Object.entries(files).map(([p, c]) => [`divisorjava/${p}`, c]));
}

/** A one-line answer problem judged by the default validator with `flags`: `accepted` and `wrong` print these. */
function flagPackage(flag: string, answer: string, accepted: string, wrong: string): Record<string, string> {
  const printing = (name: string, text: string) =>
    program(name, `System.out.print(${JSON.stringify(text)});`);
  return {
    'problem.yaml': `name: Flag ${flag}\nvalidator_flags: '${flag}'\n`,
    'problem_statement/problem.en.md': `Print the answer (${flag}).\n`,
    'data/sample/1.in': '\n',
    'data/sample/1.ans': answer,
    'submissions/accepted/Right.java': printing('Right', accepted),
    'submissions/wrong_answer/Wrong.java': printing('Wrong', wrong),
  };
}

const FLAG_PACKAGES: [string, Record<string, string>][] = [
  ['case_sensitive', flagPackage('case_sensitive', 'YES\n', 'YES\n', 'yes\n')],
  ['space_change_sensitive', flagPackage('space_change_sensitive', '1 2\n', '1 2\n', '1  2\n')],
  [
    'float_absolute_tolerance',
    flagPackage('float_absolute_tolerance 0.01', '100\n', '100.005\n', '100.02\n'),
  ],
  ['float_relative_tolerance', flagPackage('float_relative_tolerance 0.01', '100\n', '100.9\n', '98\n')],
  ['default (case and spacing ignored)', flagPackage('', 'Hello World\n', 'hello   world\n', 'hello\n')],
];

describe('problem packages: import, verify, export (issue 29)', () => {
  let t: JudgedApp;
  let admin: SeededUser;
  let user: SeededUser;

  beforeAll(async () => {
    t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '180000' });
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
  }, 120_000);
  afterAll(() => t?.close());

  const importZip = (zip: Buffer, as = admin) => importPackage(t, as.token, zip);
  const importMultipart = (zip: Buffer) =>
    t.http.post('/api/problems/import').set(bearer(admin.token)).attach('package', zip, 'pkg.zip');
  const verify = (id: string) => t.http.post(`/api/problems/${id}/verify`).set(bearer(admin.token));
  const exportZip = (id: string) => exportPackage(t, admin.token, id);
  const adminView = async (id: string) =>
    (await t.http.get(`/api/problems/${id}`).set(bearer(admin.token)).expect(200)).body;
  const juryOf = async (id: string) =>
    (await t.db.query(
      `SELECT path, code, expected FROM jury_submissions WHERE problem_id = $1 ORDER BY path`,
      [id],
    )) as {
      path: string;
      code: string;
      expected: string[];
    }[];
  const counts = async () =>
    (
      await t.db.query(
        `SELECT (SELECT count(*) FROM problems)::int AS problems, (SELECT count(*) FROM test_cases)::int AS tests,
                (SELECT count(*) FROM jury_submissions)::int AS jury, (SELECT count(*) FROM problem_images)::int AS images`,
      )
    )[0] as Record<string, number>;

  /** What must survive an export and a re-import: everything but the ids. */
  const essence = (p: Record<string, unknown> & { _id: string; testCases: Record<string, unknown>[] }) => ({
    title: p.title,
    // Each problem's image links are signed for it (ImageLinks): compared without the signature.
    description: String(p.description)
      .split(`/api/problems/${p._id}/images/`)
      .join('IMG/')
      .replace(/\?exp=\d+&sig=[A-Za-z0-9_-]{43}/g, ''),
    kind: p.kind,
    timeLimitMs: p.timeLimitMs,
    memoryLimitMb: p.memoryLimitMb,
    validatorFlags: p.validatorFlags,
    outputValidator: p.outputValidator,
    tags: p.tags,
    referenceSolution: p.referenceSolution,
    tests: p.testCases.map((tc) => [tc.input, tc.expectedOutput, tc.isExample]),
  });

  /** Import → every jury submission gets a verdict its folder allows → export → import gives the same problem, again verified. */
  async function roundTrip(zip: Buffer, expectWarnings: (warnings: string[]) => void = () => undefined) {
    const first = await importZip(zip).expect(201);
    expect(first.body).toMatchObject({ kind: 'stdio' });
    expectWarnings(first.body.warnings);
    const verified = await verify(first.body._id).expect(200);
    for (const s of verified.body.submissions) expect(s, s.path).toMatchObject({ ok: true });
    const again = await importZip(await exportZip(first.body._id)).expect(201);
    const [a, b] = [await adminView(first.body._id), await adminView(again.body._id)];
    expect(essence(b)).toEqual(essence(a));
    const [juryA, juryB] = [await juryOf(first.body._id), await juryOf(again.body._id)];
    expect(juryB).toEqual(juryA);
    const reverified = await verify(again.body._id).expect(200);
    expect(
      reverified.body.submissions.map((s: { path: string; verdict: string }) => [s.path, s.verdict]),
    ).toEqual(verified.body.submissions.map((s: { path: string; verdict: string }) => [s.path, s.verdict]));
    return { id: first.body._id as string, view: a, submissions: verified.body.submissions };
  }

  it('imports a legacy package with a LaTeX statement and secret groups, verifies its jury and round-trips', async () => {
    const { id, view, submissions } = await roundTrip(buildZip(legacySumPackage()), (warnings) =>
      expect(warnings.join('\n')).toContain('sol.py'),
    );
    expect(view).toMatchObject({
      title: 'Add Them Up',
      kind: 'stdio',
      timeLimitMs: 2000,
      validatorFlags: [],
      // Issue 45: the keyword 'easy' is the difficulty (with its points), never a tag.
      tags: ['sums'],
      difficulty: 'easy',
      points: 10,
    });
    // The format's order: the examples, then the groups lexicographically (g1/02, g1/10, g2/01).
    expect(view.testCases.map((tc: { input: string }) => tc.input)).toEqual([
      '3\n1 2 3\n',
      '2\n10 20\n',
      '1\n-5\n',
      `2\n${HIDDEN_MARKER} 1\n`,
    ]);
    expect(submissions.map((s: { path: string; verdict: string }) => [s.path, s.verdict])).toEqual([
      ['submissions/accepted/sol.java', 'accepted'],
      ['submissions/run_time_error/Crash.java', 'runtime_error'],
      ['submissions/time_limit_exceeded/Slow.java', 'time_limit_exceeded'],
      ['submissions/wrong_answer/Off.java', 'wrong_answer'],
    ]);
    expect(view.referenceSolution).toContain(JURY_MARKER);
    // The statement's image is served with the problem, to anyone who may read it.
    const image = await t.http.get(`/api/problems/${id}/images/sum.png`).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    await t.http.get(`/api/problems/${id}/images/other.png`).expect(404);
  }, 240_000); // four jury submissions (one times out on every test) judged twice, on a shared machine

  it('imports a 2023-07 package (name map, limits.time_limit, testdata.yaml flags, Markdown) and round-trips', async () => {
    const { id, view } = await roundTrip(buildZip(averagePackage()));
    expect(view).toMatchObject({
      title: 'Average',
      timeLimitMs: 1500,
      memoryLimitMb: 512,
      validatorFlags: ['float_tolerance', '1e-6'],
    });
    expect(view.description).toMatch(
      new RegExp(`\\]\\(/api/problems/${id}/images/chart\\.svg\\?exp=\\d+&sig=`),
    );
    expect(view.description).not.toContain('{{nextsample}}');
  });

  it('judges with a C++ custom output validator (2025-09 layout) and round-trips it', async () => {
    const { view, submissions } = await roundTrip(buildZip(cppDivisorPackage()));
    expect(view.outputValidator).toEqual({
      language: 'cpp',
      files: [{ path: 'validator.cpp', content: CPP_VALIDATOR }],
    });
    expect(submissions.every((s: { ok: boolean }) => s.ok)).toBe(true);
  });

  it('judges with a Java custom output validator (legacy, zipped with its folder, multipart) and round-trips it', async () => {
    const first = await importMultipart(buildZip(javaDivisorPackage())).expect(201);
    expect(first.body.title).toBe('Some Divisor (Java)');
    const view = await adminView(first.body._id);
    expect(view).toMatchObject({ timeLimitMs: 3000, outputValidator: { language: 'java' } });
    const verified = await verify(first.body._id).expect(200);
    expect(verified.body.submissions.map((s: { verdict: string; ok: boolean }) => [s.verdict, s.ok])).toEqual(
      [
        ['accepted', true],
        ['accepted', true],
        ['wrong_answer', true],
      ],
    );
    await roundTrip(await exportZip(first.body._id));
  });

  for (const [flag, files] of FLAG_PACKAGES) {
    it(`judges by the default validator's flag ${flag}, and exports it back`, async () => {
      await roundTrip(buildZip(files));
    });
  }

  it('reports a jury submission whose verdict its folder does not allow', async () => {
    const files = legacySumPackage({ 'submissions/accepted/Wrong.java': SUM_WA });
    const res = await importZip(buildZip(files)).expect(201);
    const verified = await verify(res.body._id).expect(200);
    expect(
      verified.body.submissions.find((s: { path: string }) => s.path.endsWith('Wrong.java')),
    ).toMatchObject({
      expected: ['accepted'],
      verdict: 'wrong_answer',
      ok: false,
    });
  });

  it('reads @EXPECTED_RESULTS@ headers over the folder', async () => {
    const files = legacySumPackage({
      'submissions/rejected/Either.java': `// @EXPECTED_RESULTS@: WRONG_ANSWER, TIMELIMIT\n${SUM_WA}`.replace(
        'class Off',
        'class Either',
      ),
    });
    const res = await importZip(buildZip(files)).expect(201);
    const jury = await juryOf(res.body._id);
    expect(jury.find((j) => j.path.endsWith('Either.java'))?.expected).toEqual([
      'wrong_answer',
      'time_limit_exceeded',
    ]);
  });

  describe('bad packages: a 400 naming what is wrong, and nothing stored', () => {
    const many = Array.from({ length: PACKAGE_LIMITS.maxEntries + 1 }, (_, i) => ({
      path: `data/x${i}.txt`,
      content: 'x',
    }));
    const cases: [string, () => Buffer, string][] = [
      [
        'no problem.yaml and no statement',
        () => buildZip({ 'data/sample/1.in': '1\n', 'data/sample/1.ans': '1\n' }),
        PackageMessages.noProblem,
      ],
      [
        'a test without its .ans',
        () => {
          const files = legacySumPackage();
          delete files['data/secret/g1/10.ans'];
          return buildZip(files);
        },
        PackageMessages.testWithoutAnswer('data/secret/g1/10.in'),
      ],
      [
        'a path escaping the package',
        () =>
          buildZip([
            ...Object.entries(legacySumPackage()).map(([path, content]) => ({ path, content })),
            { path: '../evil.txt', content: 'x' },
          ]),
        PackageMessages.pathEscapes('../evil.txt'),
      ],
      [
        'an absolute path',
        () => buildZip([{ path: '/etc/evil', content: 'x' }]),
        PackageMessages.pathEscapes('/etc/evil'),
      ],
      [
        'a zip bomb (one entry inflating past the per-file bound)',
        () =>
          buildZip([{ path: 'data/secret/bomb.in', content: Buffer.alloc(PACKAGE_LIMITS.maxFileBytes + 1) }]),
        PackageMessages.fileTooLarge('data/secret/bomb.in', PACKAGE_LIMITS.maxFileBytes / 1024 / 1024),
      ],
      [
        'a zip bomb whose headers lie about the size',
        () =>
          buildZip([
            { path: 'data/secret/bomb.in', content: Buffer.alloc(8 * 1024 * 1024), claimedSize: 10 },
          ]),
        'The package is not a readable zip file',
      ],
      [
        'too many entries',
        () => buildZip(many as ZipEntry[]),
        PackageMessages.tooManyEntries(PACKAGE_LIMITS.maxEntries),
      ],
      [
        'an interactive problem without its validator',
        () =>
          buildZip({
            ...legacySumPackage(),
            'problem.yaml': 'name: Guess\nvalidation: custom interactive\n',
          }),
        PackageMessages.interactiveWithoutValidator('interactive'),
      ],
      [
        'a multi-pass problem (2025-09 type) without its validator',
        () =>
          buildZip({
            ...legacySumPackage(),
            'problem.yaml': 'problem_format_version: 2025-09\nname: Guess\ntype: [pass-fail, multi-pass]\n',
          }),
        PackageMessages.interactiveWithoutValidator('multi-pass'),
      ],
      [
        'an unknown default validator flag',
        () =>
          buildZip({
            ...legacySumPackage(),
            'problem.yaml': "name: X\nvalidator_flags: 'float_tolerance abc'\n",
          }),
        'problem.yaml: validator_flags:',
      ],
      [
        'validation: custom without a validator',
        () => buildZip({ ...legacySumPackage(), 'problem.yaml': 'name: X\nvalidation: custom\n' }),
        PackageMessages.customWithoutValidator,
      ],
      [
        'broken YAML',
        () => buildZip({ ...legacySumPackage(), 'problem.yaml': 'name: [unclosed\n' }),
        'problem.yaml is not valid YAML',
      ],
      [
        'not a zip at all',
        () => Buffer.from('this is not a zip file, only text'),
        'The package is not a readable zip file',
      ],
    ];
    for (const [name, zip, message] of cases) {
      it(`refuses ${name}`, async () => {
        const before = await counts();
        const res = await importZip(zip()).expect(400);
        expect(res.body.error).toContain(message);
        expect(await counts()).toEqual(before);
      });
    }

    it('refuses a zip over the size limit before reading it', async () => {
      const before = await counts();
      const res = await importZip(Buffer.alloc(PACKAGE_LIMITS.maxZipBytes + 1)).expect(400);
      expect(res.body.error).toBe(PackageMessages.zipTooLarge(PACKAGE_LIMITS.maxZipBytes / 1024 / 1024));
      expect(await counts()).toEqual(before);
    });

    it('refuses a request without a package', async () => {
      const res = await t.http.post('/api/problems/import').set(bearer(admin.token)).send({}).expect(400);
      expect(res.body.error).toContain('Content-Type application/json cannot carry a package');
    });
  });

  describe('who sees what', () => {
    it('keeps import, verify and export to admins, and hidden tests, jury code and validators from everyone else', async () => {
      const imported = await importZip(buildZip(cppDivisorPackage())).expect(201);
      const legacy = await importZip(buildZip(legacySumPackage())).expect(201);
      await importZip(buildZip(legacySumPackage()), user).expect(403);
      await t.http.post(`/api/problems/${legacy.body._id}/verify`).set(bearer(user.token)).expect(403);
      await t.http.get(`/api/problems/${legacy.body._id}/export`).set(bearer(user.token)).expect(403);
      await t.http.get(`/api/problems/${legacy.body._id}/export`).expect(401);
      for (const id of [imported.body._id, legacy.body._id]) {
        const seen = await t.http.get(`/api/problems/${id}`).set(bearer(user.token)).expect(200);
        expect(seen.body).toMatchObject({ kind: 'stdio', timeLimitMs: expect.any(Number) });
        expect(seen.body.outputValidator).toBeUndefined();
        const text = JSON.stringify(seen.body);
        expect(text).not.toContain(JURY_MARKER);
        expect(text).not.toContain(HIDDEN_MARKER);
        expect(text).not.toContain('judgemessage');
        const list = JSON.stringify(
          (await t.http.get('/api/problems').set(bearer(user.token)).expect(200)).body,
        );
        expect(list).not.toContain(JURY_MARKER);
        expect(list).not.toContain(HIDDEN_MARKER);
      }
    });
  });

  describe("a hidden problem's statement images: signed, expiring links", () => {
    it('load in an <img> (no Authorization) for a contest participant, and for nobody without a valid signature', async () => {
      const id = (await importZip(buildZip(legacySumPackage())).expect(201)).body._id as string;
      await t.db.query(`UPDATE problems SET is_visible = false WHERE id = $1`, [id]);
      const contest = await createContest(t, admin.token, [id]);
      const player = await seedUser(t);
      await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(player.token)).expect(200);
      await startNow(t, contest._id);
      const image = `/api/problems/${id}/images/sum.png`;

      // Without a signature a hidden problem's image is nobody's but an admin's.
      await t.http.get(image).expect(404);
      await t.http.get(image).set(bearer(player.token)).expect(404);
      await t.http.get(image).set(bearer(admin.token)).expect(200);

      // The participant's statement links carry a signature; the image loads on it alone.
      const seen = await t.http
        .get(`/api/contests/${contest._id}/problems/${id}`)
        .set(bearer(player.token))
        .expect(200);
      const link = /\]\((\/api\/problems\/[^)\s]+)\)/.exec(seen.body.description)?.[1] ?? '';
      expect(link).toMatch(new RegExp(`^${image}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
      const loaded = await t.http.get(link).expect(200);
      expect(loaded.headers['content-type']).toBe('image/png');
      expect(loaded.headers['cache-control']).toContain('private');
      // The signature is the problem's: another image of it loads, another problem's does not.
      const query = link.slice(image.length);
      await t.http.get(`/api/problems/${id}/images/other.png${query}`).expect(404);
      const other = (await importZip(buildZip(legacySumPackage())).expect(201)).body._id as string;
      await t.db.query(`UPDATE problems SET is_visible = false WHERE id = $1`, [other]);
      await t.http.get(`/api/problems/${other}/images/sum.png${query}`).expect(404);

      // A forged signature, a moved expiry and an expired link are refused.
      const { exp, sig } = Object.fromEntries(new URLSearchParams(query.slice(1))) as Record<string, string>;
      const forged = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
      await t.http.get(`${image}?exp=${exp}&sig=${forged}`).expect(404);
      await t.http.get(`${image}?exp=${Number(exp) + 3600}&sig=${sig}`).expect(404);
      const links = t.app.get(ImageLinks);
      links.now = () => Number(exp) * 1000 + 1;
      try {
        await t.http.get(link).expect(404);
      } finally {
        links.now = Date.now;
      }
      await t.http.get(link).expect(200);

      // A malformed signature query is a 400 that says what a link carries.
      for (const bad of [`?exp=soon&sig=${sig}`, `?exp=${exp}`, `?sig=${sig}`, `?exp=${exp}&sig=short`]) {
        const res = await t.http.get(`${image}${bad}`).expect(400);
        expect(res.body.error).toBe(PackageMessages.imageSignatureMalformed);
      }

      // An admin's form sends the signed statement back: it is stored without the signature.
      const adminSeen = await adminView(id);
      expect(adminSeen.description).toContain('?exp=');
      const [{ description }] = await t.db.query(`SELECT description FROM problems WHERE id = $1`, [id]);
      expect(description).toContain(`](${image})`);
      await t.http
        .put(`/api/problems/${id}`)
        .set(bearer(admin.token))
        .send({
          kind: 'stdio',
          title: adminSeen.title,
          description: adminSeen.description,
          testCases: adminSeen.testCases.map(
            (tc: { input: string; expectedOutput: string; isExample: boolean }) => ({
              input: tc.input,
              expectedOutput: tc.expectedOutput,
              isExample: tc.isExample,
            }),
          ),
          isVisible: false,
        })
        .expect(200);
      const [stored] = await t.db.query(`SELECT description FROM problems WHERE id = $1`, [id]);
      expect(stored.description).toBe(description);
    });
  });

  describe("the output validator's feedback (judgemessage.txt): admins only", () => {
    it('shows it to an admin in verify, in a judgement and in a stored submission, and never to a plain user', async () => {
      const id = (await importZip(buildZip(cppDivisorPackage())).expect(201)).body._id as string;
      const verified = await verify(id).expect(200);
      const one = verified.body.submissions.find((s: { path: string }) => s.path.endsWith('One.java'));
      expect(one).toMatchObject({
        verdict: 'wrong_answer',
        ok: true,
        feedback: { test: 'sample/1', message: '1 does not divide 12' },
      });
      const smallest = verified.body.submissions.find((s: { path: string }) =>
        s.path.endsWith('Smallest.java'),
      );
      expect(smallest).toMatchObject({ verdict: 'accepted' });
      expect(smallest.feedback).toBeUndefined();

      const submit = (as: SeededUser) =>
        t.http
          .post('/api/execute-code')
          .set(bearer(as.token))
          .send({ code: DIVISOR_ONE, language: 'java', problemId: id, runAllTestCases: true })
          .expect(200);
      const mine = await submit(user);
      expect(mine.body.verdict).toBe('wrong_answer');
      expect(JSON.stringify(mine.body)).not.toContain('does not divide');
      expect(mine.body.results.every((r: object) => !('feedback' in r))).toBe(true);
      const admins = await submit(admin);
      expect(admins.body.results[0]).toMatchObject({
        verdict: 'wrong_answer',
        feedback: '1 does not divide 12',
      });

      // The user's stored submission: the admin reads the feedback, its owner never does.
      const page = await t.http.get(`/api/submissions?problemId=${id}`).set(bearer(user.token)).expect(200);
      const submissionId = page.body.items[0]._id as string;
      const asOwner = await t.http
        .get(`/api/submissions/${submissionId}`)
        .set(bearer(user.token))
        .expect(200);
      expect(asOwner.body.results[0].verdict).toBe('wrong_answer');
      expect(JSON.stringify(asOwner.body)).not.toContain('does not divide');
      const asAdmin = await t.http
        .get(`/api/submissions/${submissionId}`)
        .set(bearer(admin.token))
        .expect(200);
      expect(asAdmin.body.results[0].feedback).toBe('1 does not divide 12');
    });
  });

  describe('a classic problem solved by a user', () => {
    let problemId: string;
    beforeAll(async () => {
      problemId = (await importZip(buildZip(legacySumPackage())).expect(201)).body._id;
    });

    it('runs the examples, runs on custom stdin and submits in practice', async () => {
      const run = await t.http
        .post('/api/execute-code')
        .set(bearer(user.token))
        .send({ code: SUM_AC, language: 'java', problemId })
        .expect(200);
      expect(run.body).toMatchObject({ verdict: 'accepted', totalCount: 1 });
      const custom = await t.http
        .post('/api/run-custom')
        .set(bearer(user.token))
        .send({ code: SUM_AC, language: 'java', problemId, inputs: { stdin: '2\n40 2\n' } });
      expect([custom.status, custom.body.actualOutput]).toEqual([200, '42']);
      const wrong = await t.http
        .post('/api/execute-code')
        .set(bearer(user.token))
        .send({ code: SUM_WA, language: 'java', problemId, runAllTestCases: true })
        .expect(200);
      expect(wrong.body.verdict).toBe('wrong_answer');
      expect(JSON.stringify(wrong.body)).not.toContain(HIDDEN_MARKER);
      const solved = await judgeAndRecord(t, user, problemId, SUM_AC, 'accepted');
      expect(solved).toMatchObject({ alreadySolved: false });
      const history = await t.http.get('/api/submissions').set(bearer(user.token)).expect(200);
      expect(JSON.stringify(history.body)).toContain(problemId);
    });

    it('is solved in an ICPC contest and counted on its standings', async () => {
      const contest = await createContest(t, admin.token, [problemId], {
        format: 'icpc',
        penaltyMinutes: 20,
      });
      const player = await seedUser(t);
      await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(player.token)).expect(200);
      await startNow(t, contest._id);
      await judgeAndRecord(t, player, problemId, SUM_WA, 'wrong_answer', { contestId: contest._id });
      await judgeAndRecord(t, player, problemId, SUM_AC, 'accepted', { contestId: contest._id });
      const board = await t.http
        .get(`/api/leaderboard/contests/${contest._id}`)
        .set(bearer(admin.token))
        .expect(200);
      const row = board.body.find((e: { userId: string }) => e.userId === player.id);
      expect(row).toMatchObject({ problemsSolved: 1 });
      expect(row.penalty).toBeGreaterThanOrEqual(20);
    });
  });

  describe('the classic problem form', () => {
    const form = (overrides: Record<string, unknown> = {}) => ({
      kind: 'stdio',
      title: `Echo ${Math.random().toString(36).slice(2, 7)}`,
      description: 'Print the line you read.',
      testCases: [
        { input: 'hi\n', expectedOutput: 'hi\n', isExample: true },
        { input: 'there\n', expectedOutput: 'there\n', isExample: false },
      ],
      timeLimitMs: 1500,
      memoryLimitMb: 256,
      validatorFlags: ['case_sensitive'],
      ...overrides,
    });

    it('creates and updates a classic problem with tests as text, limits and flags', async () => {
      const created = await t.http.post('/api/problems').set(bearer(admin.token)).send(form()).expect(201);
      expect(created.body).toMatchObject({
        kind: 'stdio',
        timeLimitMs: 1500,
        memoryLimitMb: 256,
        validatorFlags: ['case_sensitive'],
      });
      expect(created.body.testCases.map((tc: { input: string }) => tc.input)).toEqual(['hi\n', 'there\n']);
      const updated = await t.http
        .put(`/api/problems/${created.body._id}`)
        .set(bearer(admin.token))
        .send(form({ title: 'Echo again', timeLimitMs: 2500, validatorFlags: undefined }))
        .expect(200);
      expect(updated.body).toMatchObject({
        title: 'Echo again',
        timeLimitMs: 2500,
        validatorFlags: ['case_sensitive'],
      });
    });

    it('refuses bad limits, flags and validator paths with a sentence naming them', async () => {
      const bad = async (overrides: Record<string, unknown>, message: string) => {
        const res = await t.http
          .post('/api/problems')
          .set(bearer(admin.token))
          .send(form(overrides))
          .expect(400);
        expect(res.body.error).toContain(message);
      };
      await bad({ timeLimitMs: 5 }, 'timeLimitMs must not be less than 100');
      await bad(
        { validatorFlags: ['float_tolerance', 'x'] },
        'validatorFlags: The default validator flag float_tolerance needs a non-negative number',
      );
      await bad({ validatorFlags: ['loud'] }, 'Unknown default validator flag "loud"');
      await bad(
        { outputValidator: { language: 'cpp', files: [{ path: '../x.cpp', content: 'int main(){}' }] } },
        PackageMessages.badValidatorPath('../x.cpp'),
      );
      await bad({ testCases: [{ inputs: {}, expectedOutput: '', isExample: true }] }, 'input');
    });
  });
});
