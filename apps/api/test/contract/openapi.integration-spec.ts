import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ResponseSchemas } from '@javelin/contracts';
import { routeHandlers } from '../../src/openapi/document';
import { ANSWERS } from '../../src/openapi/responses';
import { startApp, TestApp } from '../support/app';
import type { Schema } from './fuzz-cases';

interface DocOperation {
  operationId?: string;
  parameters?: { name: string; in: string; schema?: Schema; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Doc {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], DocOperation>>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * The published document against what the server really does: every route Express serves is in it
 * with each path parameter; every route's body, query and path parameters are checked by a zod schema
 * of libs/contracts (common/zod.ts), and every field of those schemas is in the document, with
 * required-ness as the schema decides it (read from the schemas themselves, not from the document).
 */
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** The object schema inside a checked input (a body's defaults are filled by a transform after it). */
function objectOf(schema: z.ZodType): z.ZodObject {
  let at: z.ZodType = schema;
  while (!(at instanceof z.ZodObject)) {
    if (at instanceof z.ZodPipe) at = at.in as z.ZodType;
    else throw new Error('a body or query schema that is not an object');
  }
  return at;
}

/** Fields of a request schema (libs/contracts) and which of them it refuses to go without. */
function fieldsOf(schema: z.ZodType): { fields: string[]; required: string[] } {
  const shape = objectOf(schema).shape;
  const fields = Object.keys(shape).sort();
  return {
    fields,
    required: fields.filter((f) => !(shape[f] as z.ZodType).safeParse(undefined).success),
  };
}

describe('the OpenAPI document describes every route, parameter and field the server enforces', () => {
  let t: TestApp;
  let doc: Doc;
  const schemaOf = (ref: Schema) => doc.components!.schemas![ref.$ref!.split('/').at(-1)!];

  beforeAll(async () => {
    t = await startApp();
    doc = (await t.http.get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t?.close());

  it('lists every route of the Express router with each of its path parameters, ids as UUIDs', () => {
    const router = t.app.getHttpAdapter().getInstance().router as {
      stack: { route?: { path: string; methods: Record<string, boolean> } }[];
    };
    const served = router.stack
      .filter((layer) => layer.route && !layer.route.path.startsWith('/api/docs'))
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map((m) => ({
          method: m as (typeof METHODS)[number],
          path: layer.route!.path,
        })),
      );
    expect(served.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { method, path } of served) {
      const templated = path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[templated]?.[method];
      if (!operation) {
        missing.push(`${method.toUpperCase()} ${path}: no operation`);
        continue;
      }
      const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const name of names) {
        const param = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
        // The CLICS API's object ids are the specification's IDs (a contest's too, in CLICS and its package export: its package's id or
        // its UUID, issue 43), a progress stream's id an X-Request-Id, an image its file name; every
        // other path parameter is a record's UUID.
        const clicsContest =
          name === 'id' &&
          (path.startsWith('/api/clics/contests/') || path === '/api/admin/contests/:id/package');
        const idFormat =
          name === 'objectId' || name === 'requestId' || clicsContest
            ? !!param?.schema?.pattern
            : name === 'name'
              ? param?.schema?.type === 'string'
              : param?.schema?.format === 'uuid';
        if (!param?.required || !idFormat)
          missing.push(`${method.toUpperCase()} ${path}: path parameter ${name}`);
      }
    }
    expect(missing).toEqual([]);
    // And nothing is documented that is not served.
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => `${m} ${path}`),
    );
    const servedKeys = new Set(
      served.map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(documented.filter((key) => !servedKeys.has(key) && !key.includes('/api/docs'))).toEqual([]);
  });

  it('describes every body field and query parameter the validator accepts, with type and required-ness', () => {
    const operations = new Map(
      Object.values(doc.paths).flatMap((item) =>
        METHODS.flatMap((m) => (item[m] ? [[item[m]!.operationId, item[m]!] as const] : [])),
      ),
    );
    const handlers = routeHandlers(t.app).filter((h) => h.body || h.query);
    expect(handlers.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const handler of handlers) {
      const operation = operations.get(handler.operationId);
      if (!operation) {
        problems.push(`${handler.operationId}: not in the document`);
        continue;
      }
      if (handler.body) {
        const { fields, required } = fieldsOf(handler.body.schema);
        const ref = operation.requestBody?.content?.['application/json']?.schema;
        const schema = ref?.$ref ? schemaOf(ref) : undefined;
        if (!schema) {
          problems.push(`${handler.operationId}: no body schema`);
          continue;
        }
        expect.soft(Object.keys(schema.properties ?? {}).sort(), handler.operationId).toEqual(fields);
        expect.soft([...(schema.required ?? [])].sort(), handler.operationId).toEqual([...required].sort());
        expect.soft(schema.additionalProperties, handler.operationId).toBe(false);
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (!property.type && !property.$ref && !property.oneOf && !property.enum)
            problems.push(`${handler.operationId}: ${name} has no type`);
        }
      }
      if (handler.query) {
        const { fields, required } = fieldsOf(handler.query);
        const params = (operation.parameters ?? []).filter((p) => p.in === 'query');
        expect.soft(params.map((p) => p.name).sort(), handler.operationId).toEqual(fields);
        expect
          .soft(
            params
              .filter((p) => p.required)
              .map((p) => p.name)
              .sort(),
            handler.operationId,
          )
          .toEqual(required.sort());
        for (const p of params)
          if (!p.schema?.type) problems.push(`${handler.operationId}: query ${p.name} has no type`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('checks every body, query and path parameter of every route with a zod schema', () => {
    const handlers = routeHandlers(t.app);
    expect(handlers.length).toBeGreaterThan(60);
    // No route reads its body, its query or a path parameter without a zod pipe (common/zod.ts).
    expect(handlers.flatMap((h) => h.unchecked.map((what) => `${h.operationId}: ${what}`))).toEqual([]);
    // And every path parameter the router serves is one of them.
    const operations = Object.values(doc.paths).flatMap((item) =>
      METHODS.flatMap((m) => (item[m] ? [item[m]!] : [])),
    );
    const byId = new Map(handlers.map((h) => [h.operationId, h]));
    const missing = operations.flatMap((op) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'path' && !byId.get(op.operationId!)?.params[p.name])
        .map((p) => `${op.operationId}: ${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists every field of every answer stated as a zod schema (libs/contracts ResponseSchemas)', () => {
    const stated = [...ResponseSchemas._idmap.entries()];
    expect(stated.length).toBeGreaterThan(5);
    for (const [name, schema] of stated) {
      const published = doc.components!.schemas![name];
      expect(published, name).toBeDefined();
      if (schema instanceof z.ZodEnum) {
        expect.soft(published.enum, name).toEqual(schema.options);
        continue;
      }
      const { fields, required } = fieldsOf(schema as z.ZodType);
      expect.soft(Object.keys(published.properties ?? {}).sort(), name).toEqual(fields);
      expect.soft([...(published.required ?? [])].sort(), name).toEqual([...required].sort());
    }
  });

  it('gives the bounds the validator enforces (spot checks against known rules)', () => {
    const register = doc.components!.schemas!.RegisterDto.properties!;
    expect(register.username).toMatchObject({ type: 'string', minLength: 3, maxLength: 32 });
    expect(register.email).toMatchObject({ type: 'string', format: 'email' });
    const history = doc.paths['/api/submissions'].get!.parameters!.find((p) => p.name === 'limit')!;
    expect(history.schema).toMatchObject({ type: 'integer', minimum: 1 });
    const profile = doc.components!.schemas!.UpdateProfileDto.properties!;
    expect(profile.bio).toMatchObject({ type: 'string', nullable: true, maxLength: 2000 });
    expect(profile.fullName.nullable).toBeUndefined();
  });

  it('gives every operation its success answer, and every reference resolves', () => {
    const operations = Object.values(doc.paths).flatMap((item) =>
      METHODS.flatMap((m) => (item[m] ? [item[m]!] : [])),
    );
    const ids = operations.map((op) => op.operationId!);
    // A new route must say what it answers (src/openapi/responses.ts); a removed one leaves no entry behind.
    expect(ids.filter((id) => !ANSWERS[id])).toEqual([]);
    expect(Object.keys(ANSWERS).filter((id) => !ids.includes(id))).toEqual([]);
    for (const op of operations) {
      const success = Object.keys(op.responses).filter((status) => /^[23]\d\d$/.test(status));
      const answer = ANSWERS[op.operationId!];
      // A prepared body also answers 304 to a request naming its ETag (common/prepared-json.ts).
      expect(success, op.operationId).toEqual([String(answer.status), ...(answer.prepared ? ['304'] : [])]);
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(100);
    expect([...new Set(refs)].filter((name) => !doc.components?.schemas?.[name])).toEqual([]);
  });

  it('holds bodies to the documented answers (the shapes can refuse)', () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ components: doc.components }, 'doc');
    const problem = ajv.compile({ $ref: 'doc#/components/schemas/Problem' });
    const token = ajv.compile({ $ref: 'doc#/components/schemas/TokenResponse' });
    expect(token({ token: 'abc' })).toBe(true);
    expect(token({ token: 1 })).toBe(false);
    expect(problem({ _id: 'p1', title: 'Two sums' })).toBe(false);
    expect(problem.errors?.map((e) => e.message).join(' ')).toMatch(/required property/);
  });

  it('gives every operation the one error shape for its refusals', () => {
    const error = doc.components!.schemas!.ErrorBody;
    expect(error.required).toEqual(['statusCode', 'error', 'message']);
    const without = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter(
        (m) =>
          item[m] &&
          item[m]!.responses['4XX']?.content?.['application/json']?.schema.$ref !==
            '#/components/schemas/ErrorBody',
      ).map((m) => `${m} ${path}`),
    );
    expect(without).toEqual([]);
  });
});

/**
 * The document and the client types generated from it (openapi-typescript) are committed next to
 * this file, so the typecheck can hold the web's request types against them (client-types.ts). They
 * must be what the server serves now: UPDATE_OPENAPI=1 rewrites them after a change of the API.
 */
describe('the committed document and generated client types are current', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t?.close());

  it('openapi.json is the served document and api-paths.ts is generated from it', async () => {
    const served = (await t.http.get('/api/docs-json').expect(200)).body;
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(join(__dirname, 'api-paths.ts'))) ?? {};
    const json = await prettier.format(JSON.stringify(served), { ...options, parser: 'json' });
    const banner =
      '// Generated by openapi-typescript from openapi.json (UPDATE_OPENAPI=1 in openapi.integration-spec.ts).\n';
    const types = await prettier.format(banner + astToString(await openapiTS(served)), {
      ...options,
      parser: 'typescript',
    });
    const files = {
      [join(__dirname, 'openapi.json')]: json,
      [join(__dirname, 'api-paths.ts')]: types,
    };
    for (const [path, text] of Object.entries(files)) {
      if (process.env.UPDATE_OPENAPI) writeFileSync(path, text);
      expect(
        existsSync(path) ? readFileSync(path, 'utf8') : '',
        `${path} is stale: run with UPDATE_OPENAPI=1`,
      ).toBe(text);
    }
  });
});
