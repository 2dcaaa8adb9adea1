import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

const SOURCE = join(__dirname, '../../src/openapi/response-types.ts');
export const GENERATED = join(__dirname, '../../src/openapi/response-schemas.generated.ts');

/** JSON Schema draft 7 to OpenAPI 3.0: `type: [t, 'null']` is `nullable`, `const` is a one-value `enum`. */
function toOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi30);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      if (types.length !== 1) throw new Error(`no OpenAPI 3.0 form for type ${JSON.stringify(value)}`);
      out.type = types[0];
      if (types.length < value.length) out.nullable = true;
    } else if (key === 'const') out.enum = [value];
    else out[key] = toOpenApi30(value);
  }
  return out;
}

/**
 * The JSON Schemas of the answer types listed in src/openapi/response-types.ts (libs/contracts
 * types), as the text of response-schemas.generated.ts: references point into the document's
 * components, and interfaces stay open (an answer may carry more than the web reads).
 */
export function generateResponseSchemas(): string {
  const names = [...readFileSync(SOURCE, 'utf8').matchAll(/^\s+(\w+),$/gm)].map((m) => m[1]);
  const generator = createGenerator({
    path: SOURCE,
    tsconfig: join(__dirname, '../../tsconfig.json'),
    expose: 'export',
    skipTypeCheck: true,
    additionalProperties: true,
    jsDoc: 'none',
    functions: 'hide',
  });
  const definitions: Record<string, unknown> = {};
  for (const name of names) Object.assign(definitions, generator.createSchema(name).definitions);
  const sorted = Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((k) => [k, definitions[k]]),
  );
  const json = JSON.stringify(toOpenApi30(sorted)).replaceAll('"#/definitions/', '"#/components/schemas/');
  return [
    '// Generated from response-types.ts by ts-json-schema-generator (UPDATE_OPENAPI=1 in test/contract/openapi.integration-spec.ts).',
    "import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';",
    '',
    `export const RESPONSE_SCHEMAS: Record<string, SchemaObject> = ${json};`,
    '',
  ].join('\n');
}
