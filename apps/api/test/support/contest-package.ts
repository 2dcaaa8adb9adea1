import { buildZip } from './zip';

/** A whole Java program reading stdin. */
export const SUM_MAIN = `import java.util.*;\npublic class Main {\n  public static void main(String[] a) {\n    Scanner in = new Scanner(System.in);\n    long x = in.nextLong(), y = in.nextLong();\n    System.out.println(x + y);\n  }\n}\n`;
export const SUM_WRONG = SUM_MAIN.replace('x + y', 'x - y');
export const ECHO_MAIN = `import java.util.*;\npublic class Main {\n  public static void main(String[] a) {\n    System.out.println(new Scanner(System.in).nextLine().trim());\n  }\n}\n`;

/** A small classic problem package: `name`, a statement, one sample and one secret test. */
export function problemPackage(name: string, tests: [string, string][]): Record<string, string> {
  const files: Record<string, string> = {
    'problem.yaml': `name: ${name}\n`,
    'problem_statement/problem.en.md': `${name}: read the input, print the answer.\n`,
  };
  tests.forEach(([input, answer], i) => {
    const folder = i === 0 ? 'sample' : 'secret';
    files[`data/${folder}/${i + 1}.in`] = input;
    files[`data/${folder}/${i + 1}.ans`] = answer;
  });
  return files;
}

export const SUM_TESTS: [string, string][] = [
  ['1 2\n', '3\n'],
  ['40 2\n', '42\n'],
];
export const ECHO_TESTS: [string, string][] = [
  ['hello\n', 'hello\n'],
  ['regional\n', 'regional\n'],
];

export const TEAM_PASSWORD = (n: number) => `pw-team-${n}-secret`;

/**
 * A regional's contest package (CLICS 2023-06, the CCS configuration): three problems (two zipped,
 * one unpacked), two organizations, two groups (observers hidden), five teams (t5 an observer) and
 * their accounts, a judge, and a languages.json naming C++ too. `id` is the contest's package id;
 * `edit` changes the files before they are zipped.
 */
export function regionalFiles(
  id = 'regional-2040',
  start = '2040-11-20T09:00:00Z',
): Record<string, string | Buffer> {
  const zipped = (files: Record<string, string>) => buildZip(files);
  const files: Record<string, string | Buffer> = {
    'contest.yaml': `id: ${id}\nname: Regional ${id}\nformal_name: The ${id} Regional Contest\nstart_time: ${start}\nduration: 5:00:00\nscoreboard_freeze_duration: 1:00:00\nscoreboard_type: pass-fail\npenalty_time: 20\n`,
    'problems.yaml': [
      '- id: sum\n  label: A\n  ordinal: 0\n  rgb: "#e6194b"\n  time_limit: 2',
      '- id: echo\n  label: B\n  ordinal: 1\n  rgb: "#3cb44b"',
      '- id: twice\n  label: C\n  ordinal: 2\n  rgb: "#4363d8"',
    ].join('\n'),
    'problems/sum/sum.zip': zipped(problemPackage('Sum', SUM_TESTS)),
    'problems/echo/echo.zip': zipped(problemPackage('Echo', ECHO_TESTS)),
    'languages.json': JSON.stringify([
      { id: 'java', name: 'Java' },
      { id: 'cpp', name: 'C++' },
    ]),
    'organizations.json': JSON.stringify([
      { id: 'uni-n', name: 'Uni North', formal_name: 'University of the North', country: 'NOR' },
      { id: 'uni-s', name: 'Uni South', formal_name: 'University of the South', country: 'SWE' },
    ]),
    'groups.json': JSON.stringify([
      { id: 'participants', name: 'Participants' },
      { id: 'observers', name: 'Observers', hidden: true },
    ]),
    'teams.json': JSON.stringify(
      [1, 2, 3, 4, 5].map((n) => ({
        id: `t${n}`,
        name: `Team ${n}`,
        label: `${100 + n}`,
        display_name: `Team ${n} Display`,
        organization_id: n % 2 ? 'uni-n' : 'uni-s',
        group_ids: [n === 5 ? 'observers' : 'participants'],
      })),
    ),
    'accounts.yaml': [
      ...[1, 2, 3, 4, 5].map(
        (n) => `- username: ${id}-team${n}\n  password: ${TEAM_PASSWORD(n)}\n  type: team\n  team_id: t${n}`,
      ),
      `- username: ${id}-judge\n  password: judge-secret-pw\n  type: judge`,
    ].join('\n'),
  };
  for (const [path, content] of Object.entries(
    problemPackage('Twice', [
      ['4\n', '8\n'],
      ['5\n', '10\n'],
    ]),
  ))
    files[`problems/twice/${path}`] = content;
  return files;
}

export const regionalZip = (id?: string, edit: (f: Record<string, string | Buffer>) => void = () => {}) => {
  const files = regionalFiles(id);
  edit(files);
  return buildZip(files);
};
