import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROBLEM_INPUT_TYPES,
  PROBLEM_RETURN_TYPES,
  type ProblemInputType,
  type ProblemReturnType,
} from '@javelin/contracts';
import { encodeValue, generateBoilerplate, serializeInputs, TYPE_SHAPES, type JavaValue } from './index';
import { valueArbitrary } from './arbitraries.test-support';

/**
 * Every generated boilerplate of this file is compiled by one javac call and run in one JVM: a driver
 * calls each class's generated `main` with the test's stdin and captures what it prints, so a few
 * hundred round trips cost one JVM start.
 */
const DRIVER = `
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

public class Driver {
    public static void main(String[] args) throws Exception {
        BufferedReader cases = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream realOut = System.out;
        StringBuilder report = new StringBuilder();
        for (String line; (line = cases.readLine()) != null; ) {
            String[] parts = line.split(" ", -1);
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            System.setIn(new ByteArrayInputStream(Base64.getDecoder().decode(parts[1])));
            System.setOut(new PrintStream(captured, true, "UTF-8"));
            String status = "ok";
            try {
                Class.forName(parts[0]).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            } catch (java.lang.reflect.InvocationTargetException e) {
                status = "error";
                System.out.print(e.getCause());
            } finally {
                System.out.flush();
                System.setOut(realOut);
            }
            report.append(status).append(' ').append(Base64.getEncoder().encodeToString(captured.toByteArray())).append('\\n');
        }
        realOut.print(report);
    }
}
`;

type Program = { className: string; source: string };
type Run = { status: string; stdout: string };

const dir = mkdtempSync(join(tmpdir(), 'java-io-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function asClass(className: string, code: string): Program {
  const source = code.replace('public class Main {', `public class ${className} {`);
  expect(source).not.toBe(code);
  return { className, source };
}

/** The generated boilerplate with its placeholder body replaced by `body`. */
function filledIn(code: string, body: string): string {
  const filled = code.replace(/ {8}\/\/ Write your code here\n( {8}return [^;]+;\n)?/, `        ${body}\n`);
  expect(filled).not.toBe(code);
  return filled;
}

function compileAll(programs: Program[]): void {
  const files = [...programs, { className: 'Driver', source: DRIVER }].map(({ className, source }) => {
    const file = join(dir, `${className}.java`);
    writeFileSync(file, source);
    return file;
  });
  execFileSync('javac', ['-proc:none', '-encoding', 'UTF-8', '-d', dir, ...files], { stdio: 'pipe' });
}

function runAll(cases: { className: string; stdin: string }[]): Run[] {
  const input = cases
    .map((c) => `${c.className} ${Buffer.from(c.stdin, 'utf8').toString('base64')}\n`)
    .join('');
  const out = execFileSync(
    'java',
    ['-Dfile.encoding=UTF-8', '-Xshare:auto', '-XX:+UseSerialGC', '-cp', dir, 'Driver'],
    {
      input,
      maxBuffer: 64 << 20,
    },
  ).toString('utf8');
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const [status, data] = l.split(' ');
      return { status, stdout: Buffer.from(data ?? '', 'base64').toString('utf8') };
    });
}

const JAVA_DOUBLE_LAYOUT = /^-?(\d+\.\d+|\d\.\d+E-?\d+)$/;

/** What the identity solution must print for `value`: README.md "Standard output". */
function expectCanonical(type: ProblemInputType, value: JavaValue, stdout: string): void {
  const { element, depth } = TYPE_SHAPES[type];
  const scalar = (printed: string, x: JavaValue) => {
    if (element !== 'double') return expect(printed).toBe(String(x));
    // Java 17 sometimes prints a digit more than the shortest form (2e23 is 1.9999999999999998E23), so
    // doubles are checked by value and by Java's layout rather than against a JavaScript rendering.
    expect(printed).toMatch(JAVA_DOUBLE_LAYOUT);
    expect(Object.is(Number(printed.replace('E', 'e')), x)).toBe(true);
  };
  const row = (printed: string, items: JavaValue[]) => {
    if (element === 'string' || element === 'char') return expect(printed).toBe(items.map(String).join(' '));
    const tokens = printed === '' ? [] : printed.split(' ');
    expect(tokens).toHaveLength(items.length);
    tokens.forEach((t, i) => scalar(t, items[i]));
  };
  expect(stdout.endsWith('\n')).toBe(true);
  const text = stdout.slice(0, -1);
  if (depth === 0) return scalar(text, value);
  if (depth === 1) return row(text, value as JavaValue[]);
  const rows = value as JavaValue[][];
  // An empty matrix prints one empty line, like an empty array.
  const lines = rows.length === 0 ? [''] : text.split('\n');
  expect(lines).toHaveLength(Math.max(rows.length, 1));
  rows.forEach((r, i) => row(lines[i], r));
}

const echoClass = (type: ProblemInputType) => `Echo${PROBLEM_INPUT_TYPES.indexOf(type)}`;
const untouchedClass = (i: number) => `Untouched${i}`;
const ALL_INPUTS = PROBLEM_INPUT_TYPES.map((type, i) => ({ name: `v${i}`, type }));

/** One value of every type, as an admin would type it, and what the program reading them all prints. */
const MIXED_INPUTS: Record<string, unknown> = {
  v0: '-7',
  v1: '-9223372036854775808',
  v2: '2.5e-3',
  v3: ' ',
  v4: 'true',
  v5: ' two  words ',
  v6: '1 2 3',
  v7: '[]',
  v8: ['9007199254740993', '-1'],
  v9: '[0.1, -0.0, 1e21]',
  v10: 'false true',
  v11: '["x"," ","y"]',
  v12: '["eat","tea ate",""]',
  v13: '[[1,3],[],[-2]]',
  v14: '[["1","0"],["#"]]',
};
const MIXED_BODY = [
  'System.out.println(v0 + "|" + v1 + "|" + v2 + "|[" + v3 + "]|" + v4 + "|[" + v5 + "]");',
  'System.out.println(Arrays.toString(v6) + Arrays.toString(v7) + Arrays.toString(v8) + Arrays.toString(v9));',
  'System.out.println(Arrays.toString(v10) + Arrays.toString(v11) + Arrays.toString(v12));',
  'System.out.println(Arrays.deepToString(v13) + Arrays.deepToString(v14));',
].join(' ');
const MIXED_OUTPUT = [
  '-7|-9223372036854775808|0.0025|[ ]|true|[ two  words ]',
  '[1, 2, 3][][9007199254740993, -1][0.1, -0.0, 1.0E21]',
  '[false, true][x,  , y][eat, tea ate, ]',
  '[[1, 3], [], [-2]][[1, 0], [#]]',
  '',
].join('\n');

const NULL_RESULTS: [string, ProblemReturnType, string][] = [
  ['NullArray', 'string[]', 'return null;'],
  ['NullRow', 'int[][]', 'return new int[][] { { 1, 2 }, null, {} };'],
];

describe('generated boilerplate for every type, compiled with javac and run', () => {
  const samples = new Map<ProblemInputType, JavaValue[]>();
  let runs: Run[] = [];
  const caseIndex = new Map<string, number>();

  beforeAll(() => {
    const programs: Program[] = [];
    const cases: { className: string; stdin: string }[] = [];
    const addCase = (key: string, className: string, stdin: string) => {
      caseIndex.set(key, cases.length);
      cases.push({ className, stdin });
    };
    for (const type of PROBLEM_INPUT_TYPES) {
      const vars = [{ name: 'value', type }];
      const code = generateBoilerplate({ functionName: 'identity', returnType: type, inputVariables: vars });
      programs.push(asClass(echoClass(type), filledIn(code, 'return value;')));
      const values = fc.sample(valueArbitrary(type), { numRuns: 40, seed: 18 });
      samples.set(type, values);
      values.forEach((v, i) => addCase(`${type}#${i}`, echoClass(type), encodeValue(type, v)));
    }
    PROBLEM_RETURN_TYPES.forEach((returnType, i) => {
      const code = generateBoilerplate({ functionName: 'solve', returnType, inputVariables: ALL_INPUTS });
      programs.push(asClass(untouchedClass(i), code));
      addCase(`untouched ${returnType}`, untouchedClass(i), serializeInputs(ALL_INPUTS, MIXED_INPUTS));
    });
    for (const [className, returnType, body] of NULL_RESULTS) {
      const code = generateBoilerplate({ functionName: 'solve', returnType, inputVariables: [] });
      programs.push(asClass(className, filledIn(code, body)));
      addCase(className, className, '');
    }
    const mixed = generateBoilerplate({
      functionName: 'show',
      returnType: 'void',
      inputVariables: ALL_INPUTS,
    });
    programs.push(asClass('Mixed', filledIn(mixed, MIXED_BODY)));
    addCase('mixed', 'Mixed', serializeInputs(ALL_INPUTS, MIXED_INPUTS));
    compileAll(programs);
    runs = runAll(cases);
    expect(runs).toHaveLength(cases.length);
  }, 180_000);

  const run = (key: string): Run => {
    const r = runs[caseIndex.get(key) as number];
    expect(r.status, r.stdout).toBe('ok');
    return r;
  };

  it.each(PROBLEM_INPUT_TYPES.map((t) => [t]))(
    '%s: the identity solution prints random values back canonically',
    (type) => {
      const values = samples.get(type) as JavaValue[];
      values.forEach((value, i) => {
        const { stdout } = run(`${type}#${i}`);
        try {
          expectCanonical(type, value, stdout);
        } catch (e) {
          throw new Error(
            `${type} value ${formatForMessage(value)} printed ${JSON.stringify(stdout)}: ${String(e)}`,
          );
        }
      });
    },
  );

  it('reads one value of every type in a row, as an admin typed them', () => {
    expect(run('mixed').stdout).toBe(MIXED_OUTPUT);
  });

  it('the untouched boilerplate compiles for every return type and prints its default canonically', () => {
    const printed = PROBLEM_RETURN_TYPES.map((t) => run(`untouched ${t}`).stdout);
    expect(printed).toEqual([
      '0\n',
      '0\n',
      '0.0\n',
      ' \n',
      'false\n',
      '\n',
      '\n',
      '\n',
      '\n',
      '\n',
      '\n',
      '\n',
      '\n',
      '\n',
      '\n',
      '',
    ]);
  });

  it('a null array or row prints null, as println prints a null String', () => {
    expect(run('NullArray').stdout).toBe('null\n');
    expect(run('NullRow').stdout).toBe('1 2\nnull\n\n');
  });

  it("a problem of the spec's types gets the spec's boilerplate byte for byte (as before issue 18)", () => {
    const code = generateBoilerplate({
      functionName: 'twoSum',
      returnType: 'string',
      inputVariables: [
        { name: 'nums', type: 'array' },
        { name: 'target', type: 'int' },
        { name: 'label', type: 'string' },
        { name: 'flag', type: 'boolean' },
      ],
    });
    expect(code).toBe(
      [
        'import java.io.*;',
        'import java.util.*;',
        '',
        'public class Main {',
        '    public static String twoSum(int[] nums, int target, String label, boolean flag) {',
        '        // Write your code here',
        '        return "";',
        '    }',
        '',
        '    public static void main(String[] args) throws IOException {',
        '        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));',
        '        int[] nums = readIntArray(reader);',
        '        int target = Integer.parseInt(readLine(reader).trim());',
        '        String label = readLine(reader);',
        '        boolean flag = Boolean.parseBoolean(readLine(reader).trim());',
        '        String result = twoSum(nums, target, label, flag);',
        '        System.out.println(result);',
        '    }',
        '',
        '    private static String readLine(BufferedReader in) throws IOException {',
        '        String line = in.readLine();',
        '        return line == null ? "" : line;',
        '    }',
        '',
        '    private static int[] readIntArray(BufferedReader in) throws IOException {',
        '        int n = Integer.parseInt(readLine(in).trim());',
        '        int[] values = new int[n];',
        '        StringTokenizer tokens = new StringTokenizer(readLine(in));',
        '        for (int i = 0; i < n; i++) {',
        '            while (!tokens.hasMoreTokens()) {',
        '                String more = in.readLine();',
        '                if (more == null) throw new EOFException("missing array elements");',
        '                tokens = new StringTokenizer(more);',
        '            }',
        '            values[i] = Integer.parseInt(tokens.nextToken());',
        '        }',
        '        return values;',
        '    }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('names the matching Java types and adds only the helpers the types need', () => {
    const code = generateBoilerplate({
      functionName: 'merge',
      returnType: 'int[][]',
      inputVariables: [{ name: 'intervals', type: 'int[][]' }],
    });
    expect(code).toContain('public static int[][] merge(int[][] intervals) {');
    expect(code).toContain('return new int[0][];');
    expect(code).toContain('int[][] intervals = readIntMatrix(reader);');
    expect(code).toContain('System.out.println(formatIntMatrix(result));');
    expect(code).not.toContain('readLongArray');
    const anagrams = generateBoilerplate({
      functionName: 'groupAnagrams',
      returnType: 'string[]',
      inputVariables: [{ name: 'strs', type: 'string[]' }],
    });
    expect(anagrams).toContain('public static String[] groupAnagrams(String[] strs) {');
    expect(anagrams).not.toContain('readIntArray');
  });

  it('refuses a function name that one of the needed helpers has, and only then', () => {
    const vars = [{ name: 'x', type: 'long' as const }];
    expect(() =>
      generateBoilerplate({ functionName: 'readLong', returnType: 'long', inputVariables: vars }),
    ).toThrow(/reserved/);
    expect(
      generateBoilerplate({ functionName: 'readLong', returnType: 'int', inputVariables: [] }),
    ).toContain('public static int readLong()');
  });
});

function formatForMessage(value: JavaValue): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}
