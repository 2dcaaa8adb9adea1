import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InputVariable, ReturnType } from '@javelin/contracts';
import { generateBoilerplate, javaType, serializeInputs } from './index';

type Vars = Pick<InputVariable, 'name' | 'type'>[];
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Replace the placeholder body with `body`, compile with the real javac, return a runner. */
function compile(code: string): (stdin: string) => { stdout: string; stderr: string; status: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'java-io-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'Main.java'), code);
  execFileSync('javac', ['-proc:none', '-d', dir, join(dir, 'Main.java')], { stdio: 'pipe' });
  return (stdin) => {
    const r = spawnSync('java', ['-Xshare:auto', '-XX:+UseSerialGC', '-cp', dir, 'Main'], {
      input: stdin,
      encoding: 'utf8',
    });
    return { stdout: r.stdout, stderr: r.stderr, status: r.status };
  };
}

function withBody(functionName: string, returnType: ReturnType, inputVariables: Vars, body: string): string {
  const code = generateBoilerplate({ functionName, returnType, inputVariables });
  const withoutReturn = code.replace(
    / {8}\/\/ Write your code here\n( {8}return [^;]+;\n)?/,
    `        ${body}\n`,
  );
  expect(withoutReturn).not.toBe(code);
  return withoutReturn;
}

describe('generateBoilerplate', () => {
  it('emits public class Main with the configured signature and a main that reads and prints', () => {
    const code = generateBoilerplate({
      functionName: 'twoSum',
      returnType: 'int',
      inputVariables: [
        { name: 'nums', type: 'array' },
        { name: 'target', type: 'int' },
      ],
    });
    expect(code).toContain('public class Main {');
    expect(code).toContain('public static int twoSum(int[] nums, int target) {');
    expect(code).toContain('return 0;');
    expect(code).toContain('int[] nums = readIntArray(reader);');
    expect(code).toContain('int target = Integer.parseInt(readLine(reader).trim());');
    expect(code).toContain('System.out.println(result);');
  });

  it('maps types: string -> String, array -> int[], int and boolean unchanged; void returns nothing', () => {
    expect(javaType('string')).toBe('String');
    expect(javaType('array')).toBe('int[]');
    expect(javaType('int')).toBe('int');
    expect(javaType('boolean')).toBe('boolean');
    const code = generateBoilerplate({
      functionName: 'show',
      returnType: 'void',
      inputVariables: [
        { name: 's', type: 'string' },
        { name: 'b', type: 'boolean' },
      ],
    });
    expect(code).toContain('public static void show(String s, boolean b) {');
    expect(code).toMatch(
      /public static void show\(String s, boolean b\) \{\n {8}\/\/ Write your code here\n {4}\}/,
    );
    expect(code).not.toContain('println');
    expect(code).toContain('show(s, b);');
  });

  it('refuses bad names', () => {
    expect(() =>
      generateBoilerplate({ functionName: 'class', returnType: 'int', inputVariables: [] }),
    ).toThrow(/identifier/);
    expect(() =>
      generateBoilerplate({
        functionName: 'f',
        returnType: 'int',
        inputVariables: [{ name: '1x', type: 'int' }],
      }),
    ).toThrow(/identifier/);
    expect(() =>
      generateBoilerplate({
        functionName: 'f',
        returnType: 'int',
        inputVariables: [
          { name: 'a', type: 'int' },
          { name: 'a', type: 'int' },
        ],
      }),
    ).toThrow(/twice/);
    expect(() =>
      generateBoilerplate({ functionName: 'main', returnType: 'int', inputVariables: [] }),
    ).toThrow(/reserved/);
    expect(() =>
      generateBoilerplate({
        functionName: 'f',
        returnType: 'int',
        inputVariables: [{ name: 'System', type: 'int' }],
      }),
    ).toThrow(/reserved/);
  });

  it('the untouched boilerplate compiles and runs for every type', () => {
    for (const returnType of ['int', 'string', 'boolean', 'void'] as const) {
      const vars: Vars = [
        { name: 'a', type: 'int' },
        { name: 'arr', type: 'array' },
        { name: 'text', type: 'string' },
        { name: 'ok', type: 'boolean' },
      ];
      const run = compile(generateBoilerplate({ functionName: 'solve', returnType, inputVariables: vars }));
      const r = run(serializeInputs(vars, { a: '1', arr: '[1,2]', text: 'x', ok: 'true' }));
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe({ int: '0\n', string: '\n', boolean: 'false\n', void: '' }[returnType]);
    }
  });

  it('a filled-in solution reads arrays, ints, strings and booleans from real stdin', () => {
    const vars: Vars = [
      { name: 'nums', type: 'array' },
      { name: 'target', type: 'int' },
      { name: 'label', type: 'string' },
      { name: 'negate', type: 'boolean' },
    ];
    const run = compile(
      withBody(
        'describe',
        'string',
        vars,
        'long sum = 0; for (int x : nums) sum += x; return label + "|" + nums.length + "|" + (negate ? -sum : sum) + "|" + target;',
      ),
    );
    const cases: [Record<string, string>, string][] = [
      [
        { nums: '[1,2,3]', target: '-5', label: '  spaced  words ', negate: 'false' },
        '  spaced  words |3|6|-5\n',
      ],
      [{ nums: '[]', target: '0', label: '', negate: 'true' }, '|0|0|0\n'],
      [
        { nums: '4 5', target: '2147483647', label: 'ünïcödé ✓', negate: 'true' },
        'ünïcödé ✓|2|-9|2147483647\n',
      ],
      [{ nums: '[-2147483648, 2147483647]', target: '1', label: '[1,2]', negate: 'false' }, '[1,2]|2|-1|1\n'],
    ];
    for (const [inputs, expected] of cases) {
      const r = run(serializeInputs(vars, inputs));
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(expected);
    }
  });

  it('int and boolean results print as Java prints them; void prints only what the function prints', () => {
    const run1 = compile(withBody('isEven', 'boolean', [{ name: 'n', type: 'int' }], 'return n % 2 == 0;'));
    expect(run1('4\n').stdout).toBe('true\n');
    expect(run1('7\n').stdout).toBe('false\n');
    const run2 = compile(
      withBody(
        'count',
        'int',
        [
          { name: 'a', type: 'array' },
          { name: 'b', type: 'array' },
        ],
        'return a.length * 10 + b.length;',
      ),
    );
    expect(
      run2(
        serializeInputs(
          [
            { name: 'a', type: 'array' },
            { name: 'b', type: 'array' },
          ],
          { a: '[]', b: '[7,8,9]' },
        ),
      ).stdout,
    ).toBe('3\n');
    const run3 = compile(
      withBody('echo', 'void', [{ name: 'args', type: 'string' }], 'System.out.println(">" + args);'),
    );
    expect(run3('hello\n').stdout).toBe('>hello\n');
    const run4 = compile(withBody('answer', 'int', [], 'return 42;'));
    expect(run4('').stdout).toBe('42\n');
  });
});
