import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  nullable?: boolean;
  items?: Schema;
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface ApiDocument {
  paths: Record<string, Partial<Record<Method, RawOperation>>>;
  components?: { schemas?: Record<string, Schema> };
}

type Method = 'get' | 'post' | 'put' | 'delete';
export interface Operation {
  method: Method;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: Schema;
  /** Valid input would start work this suite does not run (a judge, the AI's javac). */
  expensive: boolean;
}
export interface FuzzCase {
  method: Method;
  url: string;
  body?: unknown;
  contentType?: string;
  /** What was spoiled, for the failure message. */
  label: string;
}
export type BodyCase = Pick<FuzzCase, 'body' | 'contentType' | 'label'>;

/** Bodies that reach the judge queue or the AI's compiler when valid. */
const EXPENSIVE_BODIES = [
  'ExecuteCodeDto',
  'RunCustomDto',
  'SubmissionDto',
  'AnalyzeCodeDto',
  'DebugHelpDto',
  // A problem's reference solution run through the judge (apps/api/src/reference).
  'ValidateDraftDto',
  'ExpectedOutputDto',
];

const SQL = "' OR '1'='1'; DROP TABLE users; --";
const HTML = '<script>alert(1)</script>';
const ODD_STRINGS = [
  '',
  ' ',
  SQL,
  HTML,
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e400',
  '0x10',
  '__proto__',
  'constructor',
  '%00',
  '\u0000',
  '\ud800',
  '../../etc/passwd',
  '日本語',
  '👍🏽',
];

/** Text PostgreSQL or UTF-8 refuses, and text that disguises a name (issue 47 item 8): always a 400, never a 500. */
const UNSTORABLE_TEXT = ['a\u0000b', '\ud800', 'x\udfffy', '\u0007', '\u202Eevil', 'zero\u200Bwidth'];

export function operationsOf(doc: ApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete'] as const).flatMap((method) => {
      const raw = item[method];
      if (!raw || path.startsWith('/api/docs')) return [];
      const body = raw.requestBody?.content?.['application/json']?.schema;
      const parameters = raw.parameters ?? [];
      return [
        {
          method,
          path,
          pathParams: parameters.filter((p) => p.in === 'path'),
          queryParams: parameters.filter((p) => p.in === 'query'),
          body,
          expensive: !!body?.$ref && EXPENSIVE_BODIES.includes(body.$ref.split('/').at(-1)!),
        },
      ];
    }),
  );
}

function resolve(doc: ApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const target = doc.components?.schemas?.[schema.$ref.split('/').at(-1)!];
  if (!target) throw new Error(`the document references ${schema.$ref} but does not define it`);
  return target;
}

/** Percent-encodes; a lone surrogate cannot be, so it goes out as the bytes UTF-8 would give it (invalid UTF-8). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const known = <T>(...values: T[]) => fc.constantFrom(...values);

/** A value the schema accepts (as far as a schema can tell: formats and bounds, not database state). */
function validValue(doc: ApiDocument, raw: Schema, ids: Ids, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((s) => validValue(doc, s, ids, depth)));
  switch (schema.type) {
    case 'string':
      return validString(schema, ids);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(
        schema.items && depth < 4 ? validValue(doc, schema.items, ids, depth + 1) : fc.string(),
        {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        },
      );
    default:
      return validObject(doc, schema, ids, depth);
  }
}

function validObject(
  doc: ApiDocument,
  schema: Schema,
  ids: Ids,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (!Object.keys(properties).length && typeof schema.additionalProperties === 'object') {
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 10 }),
      validValue(doc, schema.additionalProperties, ids, depth + 1),
      {
        maxKeys: Math.min(schema.maxProperties ?? 3, 3),
      },
    );
  }
  const required = schema.required ?? [];
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, validValue(doc, property, ids, depth + 1)]),
    ),
    { requiredKeys: required },
  );
}

function validString(schema: Schema, ids: Ids): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 200);
  if (schema.format === 'uuid') return fc.oneof(known(...Object.values(ids)), fc.uuid());
  if (schema.format === 'email')
    return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
  if (schema.format === 'date-time' || schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.pattern)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

/** A value of some other JSON type than the schema asks for. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const all: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.oneof(known(...ODD_STRINGS), fc.string())],
    ['integer', fc.oneof(fc.integer(), known(2 ** 53 + 1, -(2 ** 63), 1e308))],
    ['number', fc.double()],
    ['boolean', fc.boolean()],
    ['array', fc.array(fc.jsonValue(), { maxLength: 4 })],
    ['object', fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 })],
  ];
  const type = schema.type ?? 'object';
  const others = all.filter(([name]) => name !== type && !(type === 'number' && name === 'integer'));
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
}

/** Objects nested `depth` levels deep, as JSON text (built, not recursed, so any depth is cheap). */
function nested(depth: number, leaf = '1'): string {
  return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

type Ids = Record<string, string>;

/** Path: known ids, fresh UUIDs and odd strings, sometimes left unencoded. */
export function pathCase(op: Operation, ids: Ids): fc.Arbitrary<string> {
  if (!op.pathParams.length) return fc.constant(op.path);
  const value = fc.oneof(
    { weight: 3, arbitrary: known(...Object.values(ids)) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: fc.oneof(known(...ODD_STRINGS), fc.string({ maxLength: 40 })).map(encode),
    },
    {
      weight: 1,
      arbitrary: known('%', '%zz', '%E0%A4%A', '..', '.', 'x'.repeat(5_000), ids.problemId.toUpperCase()),
    },
  );
  return fc
    .tuple(...op.pathParams.map(() => value))
    .map((values) => op.pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, values[i]), op.path));
}

/** Query: each declared parameter absent, valid, of the wrong kind, huge or repeated; unknown ones; odd syntax. */
export function queryCase(op: Operation): fc.Arbitrary<string> {
  const pair = (name: string) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant<string[]>([]) },
        { weight: 2, arbitrary: fc.integer({ min: -5, max: 2_000 }).map((n) => [String(n)]) },
        {
          weight: 2,
          arbitrary: fc.oneof(known(...ODD_STRINGS), fc.string({ maxLength: 30 })).map((s) => [s]),
        },
        {
          weight: 1,
          arbitrary: fc.array(fc.integer({ min: 0, max: 9 }).map(String), { minLength: 2, maxLength: 60 }),
        },
        { weight: 1, arbitrary: known(['x'.repeat(10_000)], ['1'.repeat(400)], ['1e400'], ['Infinity']) },
      )
      .map((values) => values.map((v) => `${encode(name)}=${encode(v)}`));
  const declared = op.queryParams.map((p) => pair(p.name));
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).chain(pair) },
    {
      weight: 1,
      arbitrary: known(
        ['a[b]=1'],
        ['a[b][c][d]=1'],
        ['=&&='],
        ['%'],
        ['limit[]=1'],
        Array(2_000).fill('p=1'),
      ),
    },
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([parts, more]) => {
    const all = [...parts.flat(), ...more];
    return all.length ? `?${all.join('&')}` : '';
  });
}

/** Body: valid objects spoiled in one or more fields, wrong JSON shapes, deep nesting, huge, wrong content types. */
export function bodyCase(op: Operation, doc: ApiDocument, ids: Ids): fc.Arbitrary<BodyCase> {
  const rawShapes: fc.Arbitrary<BodyCase> = fc.oneof(
    known<BodyCase>(
      { body: '{"a":', contentType: 'application/json', label: 'truncated JSON' },
      { body: '', contentType: 'application/json', label: 'empty JSON' },
      { body: 'null', contentType: 'application/json', label: 'JSON null' },
      { body: '"text"', contentType: 'application/json', label: 'JSON string' },
      { body: '[1,2,3]', contentType: 'application/json', label: 'JSON array' },
      { body: '12', contentType: 'application/json', label: 'JSON number' },
      { body: nested(65), contentType: 'application/json', label: 'nested past the limit' },
      { body: nested(20_000), contentType: 'application/json', label: 'nested 20,000 deep' },
      {
        body: `{"a":"${'x'.repeat(300_000)}"}`,
        contentType: 'application/json',
        label: 'past the body limit',
      },
      { body: '{"__proto__":{"admin":true}}', contentType: 'application/json', label: '__proto__' },
      { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', label: 'form' },
      { body: 'code=class', contentType: 'text/plain', label: 'text/plain' },
      { body: '<a>1</a>', contentType: 'application/xml', label: 'xml' },
      { body: '{"a":1}', contentType: 'application/json; charset=utf-7', label: 'charset utf-7' },
      { body: '{"a":1}', contentType: 'multipart/form-data; boundary=x', label: 'multipart without parts' },
    ),
    fc
      .jsonValue({ maxDepth: 3 })
      .map((v) => ({ body: JSON.stringify(v), contentType: 'application/json', label: 'random JSON' })),
  );
  if (!op.body) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<BodyCase>({ label: 'no body' }) },
      { weight: 1, arbitrary: rawShapes },
    );
  }
  const schema = resolve(doc, op.body);
  const properties = Object.entries(schema.properties ?? {});
  const base = validObject(doc, schema, ids, 0);
  type Spoil = (body: Record<string, unknown>) => fc.Arbitrary<[Record<string, unknown>, string]>;
  const spoils: Spoil[] = [
    (body) =>
      fc
        .string({ minLength: 1, maxLength: 20 })
        .filter((k) => !Object.hasOwn(schema.properties ?? {}, k))
        .chain((k) =>
          fc
            .jsonValue({ maxDepth: 2 })
            .map((v) => [{ ...body, [k]: v }, `unknown field ${k}`] as [Record<string, unknown>, string]),
        ),
  ];
  if (properties.length) {
    const field = fc.constantFrom(...properties);
    // Each spoil draws only among the fields it can spoil: a filter() that rejects every field (a
    // "missing" spoil on a schema that requires nothing, UpdateProfileDto) never returns and blocks
    // the event loop, which is how runs of 1,000 and more used to stall without a word.
    const required = properties.filter(([name]) => !!schema.required?.includes(name));
    const notNullable = properties.filter(([, p]) => !resolve(doc, p).nullable);
    if (required.length)
      spoils.push((body) =>
        fc.constantFrom(...required).map(([name]) => {
          const { [name]: _gone, ...rest } = body;
          return [rest, `missing ${name}`] as [Record<string, unknown>, string];
        }),
      );
    if (notNullable.length)
      spoils.push((body) =>
        fc
          .constantFrom(...notNullable)
          .map(([name]) => [{ ...body, [name]: null }, `${name}: null`] as [Record<string, unknown>, string]),
      );
    const textFields = properties.filter(([, p]) => resolve(doc, p).type === 'string');
    if (textFields.length)
      spoils.push((body) =>
        fc
          .tuple(fc.constantFrom(...textFields), fc.constantFrom(...UNSTORABLE_TEXT))
          .map(
            ([[name], text]) =>
              [{ ...body, [name]: text }, `${name}: ${JSON.stringify(text)}`] as [
                Record<string, unknown>,
                string,
              ],
          ),
      );
    spoils.push(
      (body) =>
        field.chain(([name, p]) =>
          wrongType(resolve(doc, p)).map(
            (v) => [{ ...body, [name]: v }, `${name}: wrong type`] as [Record<string, unknown>, string],
          ),
        ),
      (body) =>
        field.map(
          ([name]) =>
            [{ ...body, [name]: 'x'.repeat(200_000) }, `${name}: huge string`] as [
              Record<string, unknown>,
              string,
            ],
        ),
      (body) =>
        field.chain(([name]) =>
          fc
            .integer({ min: 2, max: 60 })
            .map(
              (d) =>
                [{ ...body, [name]: JSON.parse(nested(d)) }, `${name}: nested ${d}`] as [
                  Record<string, unknown>,
                  string,
                ],
            ),
        ),
      (body) =>
        field.map(
          ([name]) =>
            [{ ...body, [name]: Array(5_000).fill('x') }, `${name}: long array`] as [
              Record<string, unknown>,
              string,
            ],
        ),
    );
  }
  // A schema that requires nothing can only be spoiled for sure by an unknown field; others by any spoil,
  // but some (a huge or nested value in a free-form map) may still be valid, so expensive routes get
  // the unknown field too.
  const spoil = fc.constantFrom(...spoils);
  const spoiled: fc.Arbitrary<BodyCase> = fc
    .tuple(base, fc.array(spoil, { minLength: 1, maxLength: 3 }))
    .chain(([body, chosen]) =>
      chosen.reduce<fc.Arbitrary<[Record<string, unknown>, string]>>(
        (acc, next) =>
          acc.chain(([b, label]) =>
            next(b).map(([nb, l]) => [nb, label ? `${label}, ${l}` : l] as [Record<string, unknown>, string]),
          ),
        fc.constant([body, ''] as [Record<string, unknown>, string]),
      ),
    )
    .chain(([body, label]) =>
      op.expensive
        ? spoils[0](body).map(([b, l]) => ({
            body: b,
            contentType: 'application/json',
            label: `${label}, ${l}`,
          }))
        : fc.constant({ body, contentType: 'application/json', label }),
    );
  const choices: { weight: number; arbitrary: fc.Arbitrary<BodyCase> }[] = [
    { weight: 6, arbitrary: spoiled },
    // The raw shapes all fail validation of a body with required fields (or are not JSON at all).
    { weight: 3, arbitrary: op.expensive && !schema.required?.length ? spoiled : rawShapes },
  ];
  if (!op.expensive)
    choices.push({
      weight: 1,
      arbitrary: base.map((body) => ({ body, contentType: 'application/json', label: 'valid' })),
    });
  return fc.oneof(...choices);
}
