import { BadRequestException } from '@nestjs/common';
import { expectedOutputSchema, problemFormSchema, validateDraftSchema } from '@javelin/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ZodPipe } from '../common/zod';

/* ---- The bodies: each field spoiled alone, items of the lists spoiled, several at once ---- */

type BodyRoute = 'problemForm' | 'validateDraft' | 'expectedOutput';

interface NamedBody {
  name: string;
  body: unknown;
}

const MISSING = Symbol('missing');
type Value = unknown;

const REFERENCE = 'public class Main { public static void main(String[] a) {} }';

function variables() {
  return [
    { id: 'a', name: 'a', type: 'int', description: 'first' },
    { id: 'b', name: 'b', type: 'int', description: 'second' },
  ];
}

function tests() {
  return [
    { inputs: { a: '1', b: '2' }, expectedOutput: '3', isExample: true },
    { id: 'tc-2', inputs: { a: 4, b: 5 }, expectedOutput: '9', isExample: false },
  ];
}

function problemForm(): Record<string, unknown> {
  return {
    title: 'Sum of two',
    description: 'Return a + b.',
    constraints: '-10^9 <= a, b <= 10^9',
    difficulty: 'easy',
    points: 15,
    inputVariables: variables(),
    testCases: tests(),
    functionName: 'sum',
    returnType: 'int',
    tags: ['math'],
  };
}

function validateDraft(): Record<string, unknown> {
  return { referenceSolution: REFERENCE, inputVariables: variables(), testCases: tests() };
}

function expectedOutput(): Record<string, unknown> {
  return { referenceSolution: REFERENCE, inputVariables: variables(), inputs: { a: '1', b: '2' } };
}

const BASE: Record<BodyRoute, () => Record<string, unknown>> = {
  problemForm,
  validateDraft,
  expectedOutput,
};

/** Values of every JSON kind, and the edges of the lengths and numbers the form checks. */
const ANY_VALUES: [string, Value][] = [
  ['missing', MISSING],
  ['null', null],
  ['0', 0],
  ['42', 42],
  ['-1', -1],
  ['1.5', 1.5],
  ['1e-16', 1e-16],
  ['0.5', 0.5],
  ['0.6', 0.6],
  ['10000', 10_000],
  ['10001', 10_001],
  ['1e308', 1e308],
  ['true', true],
  ['false', false],
  ['empty string', ''],
  ['blank string', '   '],
  ['word', 'abc'],
  ['padded word', '  abc  '],
  ['numeric string', '5'],
  ['enum word', 'float'],
  ['empty array', []],
  ['array of a word', ['a']],
  ['array of a number', [1]],
  ['array of null', [null]],
  ['empty object', {}],
  ['object', { a: 1 }],
];

const LENGTHS = [
  40, 41, 64, 65, 100, 101, 200, 201, 1000, 1001, 5000, 5001, 20_000, 20_001, 65_536, 65_537, 100_000,
  100_001,
];

const FIELDS: Record<BodyRoute, string[]> = {
  problemForm: [
    'title',
    'description',
    'constraints',
    'difficulty',
    'points',
    'inputVariables',
    'testCases',
    'functionName',
    'returnType',
    'boilerplateCode',
    'tags',
    'isVisible',
    'checker',
    'tolerance',
    'checkerCode',
    'referenceSolution',
  ],
  validateDraft: ['referenceSolution', 'inputVariables', 'testCases', 'checker', 'tolerance', 'checkerCode'],
  expectedOutput: ['referenceSolution', 'inputVariables', 'inputs'],
};

function withValue(body: Record<string, unknown>, field: string, value: Value): Record<string, unknown> {
  const copy = { ...body };
  if (value === MISSING) delete copy[field];
  else copy[field] = value;
  return copy;
}

const VARIABLE_VALUES: [string, Value][] = [
  ['missing', MISSING],
  ['null', null],
  ['42', 42],
  ['true', true],
  ['empty string', ''],
  ['blank string', '   '],
  ['padded name', '  n  '],
  ['word', 'abc'],
  ['long[]', 'long[]'],
  ['unknown type', 'float'],
  ['empty array', []],
  ['empty object', {}],
];

const TEST_VALUES: [string, Value][] = [
  ['missing', MISSING],
  ['null', null],
  ['42', 42],
  ['true', true],
  ['false', false],
  ['empty string', ''],
  ['word', 'abc'],
  ['empty array', []],
  ['array', ['1']],
  ['empty object', {}],
  ['object', { a: '1', b: '2' }],
  ['object of null', { a: null }],
];

/**
 * A list field of two items spoiled one way at a time: a field of an item (every value, then too
 * long), an item that is not an object, an unknown field, too many items (also with one spoiled),
 * two items spoiled twice, an object where the list belongs.
 */
function listBodies(
  base: () => Record<string, unknown>,
  list: string,
  items: () => Record<string, unknown>[],
  spec: {
    fields: string[];
    values: [string, Value][];
    longest: number;
    wrongItems: [string, unknown][];
    unknown: Record<string, number>;
    max: number;
    /** The i-th of a long list, spoiled or not. */
    nth: (i: number, spoiled: boolean) => unknown;
    spoiledAt: number;
    twice: unknown[];
  },
): NamedBody[] {
  const out: NamedBody[] = [];
  const add = (name: string, value: unknown) => out.push({ name, body: { ...base(), [list]: value } });
  for (const field of spec.fields) {
    for (const [label, value] of spec.values) {
      const [first, second] = items();
      add(`${list}[1].${field}: ${label}`, [first, withValue(second, field, value)]);
    }
    for (const length of [65, spec.longest])
      add(`${list}[0].${field}: ${length} characters`, [
        withValue(items()[0], field, 'x'.repeat(length)),
        items()[1],
      ]);
  }
  for (const [label, value] of spec.wrongItems) add(`${list}[0]: ${label}`, [value, items()[1]]);
  add(`${list}: an unknown field in an item`, [{ ...items()[0], ...spec.unknown }, items()[1]]);
  add(
    `${list}: ${spec.max} items`,
    Array.from({ length: spec.max }, (_, i) => spec.nth(i, false)),
  );
  add(
    `${list}: ${spec.max + 1} items`,
    Array.from({ length: spec.max + 1 }, (_, i) => spec.nth(i, false)),
  );
  add(
    `${list}: ${spec.max + 1} items, one spoiled`,
    Array.from({ length: spec.max + 1 }, (_, i) => spec.nth(i, i === spec.spoiledAt)),
  );
  add(`${list}: two items spoiled twice`, spec.twice);
  add(`${list}: an object of items`, { 0: items()[0] });
  return out;
}

/** The named bodies of one route: each field spoiled alone, nested items spoiled, several at once. */
function bodiesFor(route: BodyRoute): NamedBody[] {
  const base = BASE[route];
  const out: NamedBody[] = [{ name: 'valid', body: base() }];
  const add = (name: string, body: unknown) => out.push({ name, body });

  for (const field of FIELDS[route]) {
    for (const [label, value] of ANY_VALUES) add(`${field}: ${label}`, withValue(base(), field, value));
    for (const length of LENGTHS) {
      add(`${field}: ${length} characters`, withValue(base(), field, 'x'.repeat(length)));
      add(`${field}: ${length} characters, padded`, withValue(base(), field, ` ${'y'.repeat(length - 2)} `));
    }
  }

  // Not an object at all.
  for (const [label, value] of [
    ['array', []],
    ['array of bodies', [base()]],
    ['undefined', undefined],
    ['empty object', {}],
  ] as [string, unknown][])
    add(`body: ${label}`, value);

  // Unknown fields, at the top and nested.
  add('unknown fields', { zz: 1, ...base(), aa: 2 });
  add('unknown fields and a bad one', { zz: 1, ...base(), referenceSolution: 5, inputVariables: 'x' });

  if (FIELDS[route].includes('inputVariables'))
    out.push(
      ...listBodies(base, 'inputVariables', variables, {
        fields: ['id', 'name', 'type', 'description'],
        values: VARIABLE_VALUES,
        longest: 1001,
        wrongItems: [
          ['null', null],
          ['42', 42],
          ['word', 'abc'],
          ['array', []],
          ['array of a variable', [variables()[0]]],
        ],
        unknown: { zz: 1 },
        max: 20,
        nth: (i, spoiled) => ({ name: spoiled ? 5 : `v${i}`, type: 'int' }),
        spoiledAt: 3,
        twice: [
          { name: '', type: 'x', description: 5, zz: 1 },
          { id: 5, name: null },
        ],
      }),
    );
  if (FIELDS[route].includes('testCases'))
    out.push(
      ...listBodies(base, 'testCases', tests, {
        fields: ['id', '_id', 'inputs', 'input', 'expectedOutput', 'isExample'],
        values: TEST_VALUES,
        longest: 100_001,
        wrongItems: [
          ['null', null],
          ['42', 42],
          ['word', 'abc'],
          ['array', []],
          ['empty object', {}],
        ],
        unknown: { zz: 1, yy: 2 },
        max: 200,
        nth: (_, spoiled) => (spoiled ? { ...tests()[0], isExample: 'yes' } : tests()[0]),
        spoiledAt: 7,
        twice: [
          { inputs: 'x', expectedOutput: 5, isExample: 'no', zz: 1 },
          { inputs: {}, input: 7 },
        ],
      }),
    );

  if (route === 'problemForm') {
    for (const [label, tags] of [
      ['a number among words', ['a', 1]],
      ['a tag of 41 characters', ['x'.repeat(41)]],
      ['a tag of 40 characters', ['x'.repeat(40)]],
      ['20 tags', Array.from({ length: 20 }, (_, i) => `t${i}`)],
      ['21 tags', Array.from({ length: 21 }, (_, i) => `t${i}`)],
      ['21 tags, one too long', Array.from({ length: 21 }, (_, i) => (i === 2 ? 'x'.repeat(41) : `t${i}`))],
      ['padded', ['  a  ', '']],
      ['an object', [{}]],
    ] as [string, unknown][]) {
      add(`tags: ${label}`, { ...base(), tags });
    }
    add('every field spoiled', {
      zz: 1,
      title: ' ',
      description: 5,
      constraints: null,
      difficulty: 'x',
      points: 1.5,
      inputVariables: [{ name: 5 }],
      testCases: [],
      functionName: '',
      returnType: 'long[][]',
      boilerplateCode: [],
      tags: 'math',
      isVisible: 'yes',
      checker: 'close',
      tolerance: '0.1',
      checkerCode: false,
      referenceSolution: {},
    });
    add('the judging fields', {
      ...base(),
      checker: 'float',
      tolerance: 0.001,
      checkerCode: '',
      referenceSolution: REFERENCE,
      isVisible: false,
      boilerplateCode: '  ',
    });
    add('the richer types', {
      ...base(),
      returnType: 'int[][]',
      inputVariables: [{ name: 'g', type: 'char[][]' }],
      testCases: [{ inputs: { g: [['a']] }, expectedOutput: 'x', isExample: true }],
    });
    add('padded names', {
      ...base(),
      title: '  Sum  ',
      functionName: '  sum ',
      inputVariables: [{ name: ' a ', type: 'int', description: ' d ' }],
    });
  }
  if (route === 'validateDraft') {
    add('every field spoiled', {
      zz: 1,
      referenceSolution: '',
      inputVariables: 'x',
      testCases: [{}],
      checker: 'x',
      tolerance: 2,
      checkerCode: null,
    });
    add('a custom checker', { ...base(), checker: 'custom', checkerCode: 'class Checker {}' });
  }
  if (route === 'expectedOutput') {
    add('every field spoiled', { zz: 1, referenceSolution: null, inputVariables: [1], inputs: [] });
    add('inputs of json values', { ...base(), inputs: { a: 1, b: [1, [2]], c: true } });
  }
  return out;
}

/** A parsed body with its long texts shortened to their start and length, as the recording keeps them. */
function digest(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 4)}…(${value.length})` : value;
  if (Array.isArray(value)) return value.map(digest);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, digest(v)]));
  return value;
}

/**
 * What the API answered for each body (a 400 sentence, or the body it handed to the service),
 * recorded from the class-validator DTOs these routes used before the shared schema
 * (ProblemFormDto, ValidateDraftDto, ExpectedOutputDto through the API's ValidationPipe, commit
 * 1d4ef21). Long texts are kept as their start and length; 'as sent' means the body itself.
 */
type Recorded = { message: string } | { parsed: unknown };
const RECORDED: Record<BodyRoute, Record<string, Recorded>> = JSON.parse(
  readFileSync(join(__dirname, '../../test/fixtures/problem-form-sentences.json'), 'utf8'),
);

const SCHEMAS = {
  problemForm: problemFormSchema,
  validateDraft: validateDraftSchema,
  expectedOutput: expectedOutputSchema,
};

/**
 * The DTOs let a list stand where an item belongs and checked its items instead, so a list of lists
 * reached the service: an input variable without a name (400 `input variable "undefined" is not a
 * valid Java identifier`) or a test case without inputs (a 500). The schema refuses it at once.
 */
const STRICTER: Record<string, string> = {
  'inputVariables[0]: array': 'each value in inputVariables must be an object, not a list',
  'inputVariables[0]: array of a variable': 'each value in inputVariables must be an object, not a list',
  'testCases[0]: array': 'each value in testCases must be an object, not a list',
};

function answer(route: BodyRoute, body: unknown): Recorded {
  try {
    const parsed = new ZodPipe(SCHEMAS[route]).transform(body);
    const got = digest(JSON.parse(JSON.stringify(parsed)));
    return { parsed: isDeepStrictEqual(got, digest(body)) ? 'as sent' : got };
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return { message: (error as BadRequestException).message };
  }
}

describe.each(Object.keys(SCHEMAS) as BodyRoute[])('the %s schema answers as the DTO did', (route) => {
  const bodies = bodiesFor(route);

  it('has a recorded answer for every body', () => {
    expect(bodies.map((b) => b.name).sort()).toEqual(Object.keys(RECORDED[route]).sort());
    expect(bodies.length).toBeGreaterThan(250);
  });

  it('gives every body the same 400 sentence, or hands the service the same body', () => {
    const differences = bodies.flatMap(({ name, body }) => {
      const expected = name in STRICTER ? { message: STRICTER[name] } : RECORDED[route][name];
      const got = answer(route, body);
      return isDeepStrictEqual(got, expected) ? [] : [{ name, expected, got }];
    });
    expect(differences).toEqual([]);
  });
});

describe('problem form sentences, read as an admin reads them', () => {
  it('names the place of a refused value inside the lists, unknown fields first at each level', () => {
    expect(
      answer('validateDraft', {
        zz: 1,
        referenceSolution: 'class Main {}',
        inputVariables: [{ name: ' ', type: 'x', zz: 2 }],
        testCases: [{ inputs: {}, expectedOutput: '1', isExample: true }, { inputs: [] }],
        tolerance: 0,
      }),
    ).toEqual({
      message: [
        'property zz should not exist',
        'property zz should not exist',
        'inputVariables.0.name is required',
        'inputVariables.0.type must be one of: int, long, double, char, boolean, string, array, int[], long[], double[], boolean[], char[], string[], int[][], char[][]',
        'testCases.1.inputs must be an object of variable name to value',
        'testCases.1.expectedOutput must be a string',
        'testCases.1.isExample must be true or false',
        'tolerance must be at least 1e-15',
      ].join('; '),
    });
  });

  it('trims the title, the function name and the variable names, and keeps test values as sent', () => {
    const checked = new ZodPipe(problemFormSchema).transform({
      title: '  Sum ',
      description: ' d ',
      inputVariables: [{ name: ' a ', type: 'int[][]' }],
      testCases: [{ inputs: { a: [[1, 2], [3]] }, expectedOutput: ' 6 ', isExample: false }],
      functionName: ' sum ',
      tags: [' x '],
    });
    expect(checked).toEqual({
      title: 'Sum',
      description: ' d ',
      inputVariables: [{ name: 'a', type: 'int[][]' }],
      testCases: [{ inputs: { a: [[1, 2], [3]] }, expectedOutput: ' 6 ', isExample: false }],
      functionName: 'sum',
      tags: [' x '],
    });
  });
});
