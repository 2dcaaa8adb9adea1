/**
 * An interactive multi-pass problem package (issue 42) with a Python interactor and Java jury
 * submissions of each verdict, declared as 2023-07 or as 2025-09 does.
 */

/**
 * Doubling, as an interaction pass after pass: the interactor tells x (its input file: the test's, then
 * its own nextpass.in), reads 2x back, and asks for passes until the third; judgemessage.txt, kept from pass
 * to pass with the rest of the feedback directory, tells each pass.
 */
export const DOUBLING_INTERACTOR = `import sys
feedback = sys.argv[3]
try:
    passes = int(open(feedback + 'pass').read())
except OSError:
    passes = 0
passes += 1
open(feedback + 'pass', 'w').write(str(passes))
x = int(open(sys.argv[1]).read())
print(x, flush=True)
answer = sys.stdin.readline().strip()
with open(feedback + 'judgemessage.txt', 'a') as message:
    if answer != str(2 * x):
        message.write('pass %d wrong;' % passes)
        sys.exit(43)
    message.write('pass %d ok;' % passes)
if passes < 3:
    open(feedback + 'nextpass.in', 'w').write('%d\\n' % (2 * x + 1))
sys.exit(42)
`;

/** A Java program that reads x and answers `odd` when x is odd (2x otherwise). */
const doubling = (name: string, odd: string) =>
  `import java.io.*;\n\npublic class ${name} {\n    public static void main(String[] args) throws IOException {\n        long x = Long.parseLong(new BufferedReader(new InputStreamReader(System.in)).readLine().trim());\n        if (x % 2 == 1) System.out.println(${odd}); else System.out.println(2 * x);\n    }\n    static long spin() { long y = 0; while (true) y++; }\n}\n`;
export const DOUBLING = doubling('Doubling', '2 * x');
export const OFF_ON_PASS_2 = doubling('OffByOne', '2 * x + 1');
export const SPIN_ON_PASS_2 = doubling('Spin', 'spin()');

export function doublingPackage(yaml: string): Record<string, string> {
  return {
    'problem.yaml': yaml,
    'problem_statement/problem.en.md': 'Double the number you are told, three times.\n',
    'output_validators/doubling/interactor.py': DOUBLING_INTERACTOR,
    'data/sample/1.in': '4\n',
    'data/sample/1.ans': '\n',
    'data/secret/1.in': '10\n',
    'data/secret/1.ans': '\n',
    'submissions/accepted/Doubling.java': DOUBLING,
    'submissions/wrong_answer/OffByOne.java': OFF_ON_PASS_2,
    'submissions/time_limit_exceeded/Spin.java': SPIN_ON_PASS_2,
  };
}

export const DECLARATIONS: [string, string][] = [
  [
    '2023-07: type: interactive multi-pass',
    'problem_format_version: 2023-07-draft\nname: Doubling\ntype: pass-fail interactive multi-pass\nlimits:\n  time_limit: 2\n  validation_passes: 3\n',
  ],
  [
    '2025-09: type: [interactive, multi-pass]',
    'problem_format_version: 2025-09\nname: Doubling\ntype: [interactive, multi-pass]\nlimits:\n  time_limit: 2\n  validation_passes: 3\n',
  ],
];
