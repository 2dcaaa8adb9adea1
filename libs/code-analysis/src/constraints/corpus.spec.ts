import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInputSpec } from './input-spec';
import { readConstraints, resolvedBound, type Reading, type Variable } from './reader';

/**
 * The constraint corpus (issue 34): LeetCode-style lines written for Javelin
 * (libs/code-analysis/test/constraint-corpus.txt), each with what the reader must produce. A line is
 * exact when every expectation holds; otherwise it must be a stated default (no rule read the line,
 * so the analysis lists it as not used and its quantities take stated defaults), never silently wrong.
 */
const CORPUS = join(__dirname, '../../test/constraint-corpus.txt');

interface Line {
  text: string;
  expectations: string[];
}
interface Block {
  vars: Variable[];
  lines: Line[];
}

function load(): Block[] {
  const blocks: Block[] = [];
  for (const raw of readFileSync(CORPUS, 'utf8').split('\n')) {
    if (raw.startsWith('## vars:')) {
      const vars = raw
        .slice('## vars:'.length)
        .trim()
        .split(/\s+/)
        .map((s) => ({ name: s.split(':')[0], type: s.split(':')[1] }) as Variable);
      blocks.push({ vars, lines: [] });
    } else if (raw.trim() && !raw.startsWith('#')) {
      const at = raw.lastIndexOf(' | ');
      const expect = raw.slice(at + 3).trim();
      blocks[blocks.length - 1].lines.push({
        text: raw.slice(0, at).trim(),
        expectations: expect === '-' ? [] : expect.split(/;\s*/),
      });
    }
  }
  return blocks;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const CLASSES: Record<string, string> = {
  lower: LOWER,
  upper: LOWER.toUpperCase(),
  digits: '0123456789',
  printable: Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join(''),
};
const charsOf = (spec: string) =>
  new Set(spec.split('+').flatMap((part) => [...(CLASSES[part] ?? part.replace(/^'(.*)'$/, '$1'))]));

/** 'exact' | 'unset' (the reading says nothing of it: a stated default) | 'wrong'. */
function check(reading: Reading, expectation: string): 'exact' | 'unset' | 'wrong' {
  let m = /^(\w+:\w+)=(-?[\d.e]*)\.\.(-?[\d.e]*)$/.exec(expectation);
  if (m) {
    const got = resolvedBound(reading, m[1]);
    const want = { min: m[2] === '' ? undefined : Number(m[2]), max: m[3] === '' ? undefined : Number(m[3]) };
    if (got.min === want.min && got.max === want.max) return 'exact';
    return got.min === undefined && got.max === undefined ? 'unset' : 'wrong';
  }
  m = /^(\w+):oneOf=([-\d,]+)$/.exec(expectation);
  if (m) {
    const got = reading.oneOf.get(m[1]);
    if (!got) return 'unset';
    return got.join(',') === m[2] ? 'exact' : 'wrong';
  }
  m = /^(\w+):alphabet=(.+)$/.exec(expectation);
  if (m) {
    const got = reading.alphabets.get(m[1]);
    if (got === undefined) return 'unset';
    const want = charsOf(m[2]);
    return got.length === want.size && [...got].every((c) => want.has(c)) ? 'exact' : 'wrong';
  }
  m = /^(\w+):(distinct|ordered)$/.exec(expectation);
  if (m) {
    const has = m[2] === 'distinct' ? reading.distinct.has(m[1]) : reading.orderedColumns.has(m[1]);
    return has ? 'exact' : 'unset';
  }
  m = /^(\w+:\w+)<=(\w+:\w+)$/.exec(expectation);
  if (m) {
    const from = reading.bounds.get(m[1])?.maxFrom ?? [];
    return from.some((l) => l.key === m![2] && l.times === 1) ? 'exact' : 'unset';
  }
  m = /^(\w+:\w+)==(\w+:\w+)\*(-?[\d.]+)\+(-?[\d.]+)$/.exec(expectation);
  if (m) {
    const eq = reading.bounds.get(m[1])?.equals;
    if (!eq) return 'unset';
    return eq.key === m[2] && eq.times === Number(m[3]) && eq.plus === Number(m[4]) ? 'exact' : 'wrong';
  }
  throw new Error(`unknown expectation ${expectation}`);
}

describe('the constraint corpus', () => {
  it('reads at least 95 % of 150+ lines exactly, states a default for the rest, and is never silently wrong', () => {
    const blocks = load();
    let lines = 0;
    let exact = 0;
    const stated: string[] = [];
    const wrong: string[] = [];
    for (const block of blocks) {
      const text = block.lines.map((l) => l.text).join('\n');
      const reading = readConstraints(text, block.vars);
      const built = buildInputSpec(block.vars, text);
      block.lines.forEach((line, i) => {
        lines++;
        const results = line.expectations.map((e) => ({ e, r: check(reading, e) }));
        const failed = results.filter((x) => x.r !== 'exact');
        if (failed.length === 0) return void exact++;
        const unread = reading.lines[i].rules.length === 0;
        const listed = built!.defaults.some((d) => d.includes(line.text));
        const report = `${line.text} → ${failed.map((f) => `${f.e} (${f.r})`).join(', ')} [read by: ${reading.lines[i].rules.join(', ') || 'none'}]`;
        if (unread && listed && failed.every((f) => f.r === 'unset')) stated.push(report);
        else wrong.push(report);
      });
    }
    console.log(
      `constraint corpus: ${lines} lines in ${blocks.length} problems; exact ${exact} (${((100 * exact) / lines).toFixed(1)} %), stated default ${stated.length}, silently wrong ${wrong.length}`,
    );
    for (const s of stated) console.log(`stated default: ${s}`);
    for (const w of wrong) console.log(`WRONG: ${w}`);
    expect(lines).toBeGreaterThanOrEqual(150);
    expect(wrong).toEqual([]);
    expect(exact / lines).toBeGreaterThanOrEqual(0.95);
  });
});

describe('property: the reader recovers the ranges a text was built from', () => {
  /** A bound written in one of the supported notations, with its value. */
  const notation = fc.oneof(
    fc.integer({ min: 0, max: 99_999 }).map((x) => ({ text: String(x), value: x })),
    fc.integer({ min: 1, max: 999 }).map((x) => ({ text: x.toLocaleString('en-US'), value: x })),
    fc.integer({ min: 1000, max: 999_999 }).map((x) => ({ text: x.toLocaleString('en-US'), value: x })),
    fc.integer({ min: 1, max: 18 }).map((k) => ({ text: `10^${k}`, value: 10 ** k })),
    fc.tuple(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 9 })).map(([a, k]) => ({
      text: `${a} * 10^${k}`,
      value: a * 10 ** k,
    })),
    fc.integer({ min: 1, max: 62 }).map((k) => ({ text: `2^${k} - 1`, value: 2 ** k - 1 })),
    fc.integer({ min: 1, max: 9 }).map((k) => ({ text: `10^${k} + 7`, value: 10 ** k + 7 })),
  );
  // `-2^31` is -(2^31), but `-10^9 + 7` is -(10^9) + 7: a negated sum is written in brackets.
  const negated = (b: { text: string; value: number }) => ({
    text: /[+-]/.test(b.text) ? `-(${b.text})` : `-${b.text}`,
    value: 0 - b.value,
  });
  const subject = fc.constantFrom(
    { vars: 'n:int', term: 'n', key: 'n:values' },
    { vars: 'nums:int[]', term: 'nums.length', key: 'nums:length' },
    { vars: 'nums:int[]', term: 'nums[i]', key: 'nums:values' },
    { vars: 'grid:int[][]', term: 'grid[i][j]', key: 'grid:values' },
    { vars: 's:string', term: 's.length', key: 's:length' },
    { vars: 'words:string[]', term: 'words[i].length', key: 'words:elementLength' },
  );

  it('for chains of any notation, strictness, direction and trailing full stop', () => {
    fc.assert(
      fc.property(
        subject,
        notation,
        notation,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('<=', '≤', '<'),
        fc.boolean(),
        (s, a, b, negative, reversed, stop, op, unicode) => {
          const lo = negative ? negated(a) : { text: '0', value: 0 };
          const hi = b;
          fc.pre(lo.value < hi.value - 2);
          const strict = op === '<';
          const sym = unicode && op === '<=' ? '≤' : op;
          const text = reversed
            ? `${hi.text} ${sym === '<' ? '>' : sym === '≤' ? '≥' : '>='} ${s.term} ${sym === '<' ? '>' : sym === '≤' ? '≥' : '>='} ${lo.text}${stop ? '.' : ''}`
            : `${lo.text} ${sym} ${s.term} ${sym} ${hi.text}${stop ? '.' : ''}`;
          const vars = s.vars
            .split(' ')
            .map((x) => ({ name: x.split(':')[0], type: x.split(':')[1] }) as Variable);
          const got = resolvedBound(readConstraints(text, vars), s.key);
          const whole = 1;
          expect(got).toEqual({
            min: lo.value + (strict ? whole : 0),
            max: hi.value - (strict ? whole : 0),
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('issue 44: for equalities inside chains, chains of equalities, min(...) and per-column ranges', () => {
    fc.assert(
      fc.property(
        notation,
        notation,
        notation,
        fc.constantFrom('n == nums.length', 'nums.length == n'),
        fc.boolean(),
        (a, b, c, middle, zeroWidth) => {
          fc.pre(a.value >= 1 && a.value < b.value && c.value >= 1);
          const vars = [
            { name: 'nums', type: 'int[]' },
            { name: 'other', type: 'int[]' },
            { name: 'k', type: 'int' },
            { name: 'pairs', type: 'int[][]' },
          ] as Variable[];
          const z = zeroWidth ? '\u200b\u200b' : '';
          const text = [
            `${a.text} <= ${middle} == other.length <= ${b.text}${z}`,
            `1 <= k <= min(n, ${c.text})`,
            'pairs[i].length == 2',
            `0 <= xi <= ${a.text}`,
            `0 <= yi <= ${b.text}`,
          ].join('\n');
          const r = readConstraints(text, vars);
          for (const key of ['nums:length', 'other:length'])
            expect(resolvedBound(r, key)).toEqual({ min: a.value, max: b.value });
          expect(resolvedBound(r, 'k:values')).toEqual({ min: 1, max: Math.min(b.value, c.value) });
          expect(resolvedBound(r, 'pairs:column0')).toEqual({ min: 0, max: a.value });
          expect(resolvedBound(r, 'pairs:column1')).toEqual({ min: 0, max: b.value });
          // Two columns of their own: never one merged range.
          expect(resolvedBound(r, 'pairs:values')).toEqual({});
          expect(r.lines.every((l) => l.rules.length > 0)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('issue 44: a formula past the reader is never cut to its first factor', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('m * n', 'n * (n - 1) / 2', 'm + n', 'n^2', '2^m', 'm * n + 1'),
        notation,
        (formula, b) => {
          const vars = [
            { name: 'm', type: 'int' },
            { name: 'n', type: 'int' },
            { name: 'k', type: 'int' },
          ] as Variable[];
          const r = readConstraints(`1 <= m, n <= ${b.text}\n1 <= k <= ${formula}`, vars);
          expect(resolvedBound(r, 'k:values')).toEqual({});
          expect(r.lines[1].rules).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('sample L: n defined by a multiple on either side; a definition not understood takes no default', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (t, high, form, unread, first) => {
          const vars = [{ name: 'nums', type: 'int[]' }] as Variable[];
          const range = `1 <= n <= ${high}`;
          const defined = [
            `${t} * n == nums.length`,
            `nums.length == ${t} * n`,
            `n * ${t} == nums.length`,
            `${t}n == nums.length`,
          ][form];
          const read = (line: string) =>
            readConstraints(first ? `${line}\n${range}` : `${range}\n${line}`, vars);
          const r = read(defined);
          expect(resolvedBound(r, 'nums:length')).toEqual({ min: t, max: t * high });
          expect(r.assumptions).toEqual([]);
          // `n == nums.length / 2`, `n == nums.length - 1`: n is not assumed nums.length, nothing is read through it.
          const other = [
            `n == nums.length / ${t + 1}`,
            `n == nums.length - ${t}`,
            `n = nums.length / ${t + 1}`,
            `n == ${t} + nums.length`,
          ][unread];
          const u = read(other);
          expect(resolvedBound(u, 'nums:length')).toEqual({});
          expect(u.lines.every((l) => l.rules.length === 0)).toBe(true);
          expect(u.assumptions).toEqual([
            `n not read as a length: "${other}" defines it in a way not understood`,
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sample E: a line about one element, the parts of a text or a string as a number changes no bound', () => {
    fc.assert(
      fc.property(
        notation,
        notation,
        fc.constantFrom(
          (b: string) =>
            `The input is generated such that there is at least one i such that nums[i] == ${b}.`,
          (b: string) => `There is at least one index i such that nums[i] >= k.`.replace('k', b),
          (b: string) => `The number of words in s is in the range [1, ${b}].`,
          (b: string) => `The length of each word in s is at most ${b}.`,
          (b: string) => `Each string words[i] represents an integer in the range [0, ${b}].`,
        ),
        (a, b, line) => {
          fc.pre(a.value >= 1);
          const vars = [
            { name: 'nums', type: 'int[]' },
            { name: 's', type: 'string' },
            { name: 'words', type: 'string[]' },
          ] as Variable[];
          const base = `1 <= nums.length, s.length, words.length <= ${a.text}\n0 <= nums[i] <= ${a.text}`;
          const plain = readConstraints(base, vars);
          const r = readConstraints(`${base}\n${line(b.text)}`, vars);
          for (const key of ['nums:length', 'nums:values', 's:length', 'words:length', 'words:values'])
            expect(resolvedBound(r, key)).toEqual(resolvedBound(plain, key));
          expect(r.bounds).toEqual(plain.bounds);
          expect(r.lines[2].rules).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('for a chain through two variables, with prose ranges and enumerations beside it', () => {
    fc.assert(
      fc.property(notation, notation, fc.integer({ min: 2, max: 5 }), (a, b, count) => {
        fc.pre(-a.value < b.value);
        const values = Array.from({ length: count }, (_, i) => i);
        const list = `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`;
        const text = `${negated(a).text} <= left <= right <= ${b.text}\nThe length of nums will be between 1 and ${b.text}.\nnums[i] is either ${list}.`;
        const vars = [
          { name: 'left', type: 'int' },
          { name: 'right', type: 'int' },
          { name: 'nums', type: 'int[]' },
        ] as Variable[];
        const r = readConstraints(text, vars);
        expect(resolvedBound(r, 'left:values')).toEqual({ min: 0 - a.value, max: b.value });
        expect(resolvedBound(r, 'right:values')).toEqual({ min: 0 - a.value, max: b.value });
        expect(r.bounds.get('left:values')?.maxFrom).toEqual([{ key: 'right:values', times: 1, plus: 0 }]);
        expect(resolvedBound(r, 'nums:length')).toEqual({ min: 1, max: b.value });
        expect(r.oneOf.get('nums')).toEqual(values);
      }),
      { numRuns: 300 },
    );
  });
});
