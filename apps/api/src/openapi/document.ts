import type { INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { CUSTOM_INPUT_MAX_CHARS, CUSTOM_INPUT_MAX_KEYS } from '../execution/dto';
import { javaSourceSchema, RequestSchemas } from '@javelin/contracts';
import { z } from 'zod';
import { SharedBodyPipe } from '../common/shared-body';
import { RESPONSE_SCHEMAS } from './response-schemas.generated';
import { ANSWERS } from './responses';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, IS_OBJECT, ValidationTypes } from 'class-validator';
import { targetConstructorToSchema, validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import type { IOptions } from 'class-validator-jsonschema/build/options';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** The one error shape of every 4xx (apps/api/src/common/http-exception.filter.ts). */
const ERROR_BODY: SchemaObject = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    error: { type: 'string' },
    message: { type: 'string' },
  },
};

/** The CLICS Contest API's ID type (icpc/ccs-specs 2023-06). */
const CLICS_ID: SchemaObject = { type: 'string', pattern: '^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,35}$' };

export interface Handler {
  operationId: string;
  body?: Type;
  /** A body checked by a schema shared with the web (libs/contracts), under its published name. */
  sharedBody?: { name: string; schema: z.ZodType };
  query?: Type;
}

const SHARED_NAMES = new Map<z.ZodType, string>(
  Object.entries(RequestSchemas).map(([name, schema]) => [schema as z.ZodType, name]),
);

/**
 * The DTO classes each handler validates its body and query with, keyed by the operationId
 * @nestjs/swagger gives it (Controller_method): read from the same route-argument metadata the
 * validation pipe uses, so the document cannot describe a different class than the one enforced.
 */
export function routeHandlers(app: INestApplication): Handler[] {
  const found: Handler[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      const controller = metatype as Type;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        if (method === 'constructor') continue;
        const args: Record<string, { index: number; pipes?: unknown[] }> =
          Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
        const types: Type[] = Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? [];
        const argOf = (kind: RouteParamtypes) =>
          Object.entries(args).find(([key]) => key.split(':')[0] === String(kind))?.[1];
        const typeOf = (kind: RouteParamtypes) => {
          const arg = argOf(kind);
          return arg ? types[arg.index] : undefined;
        };
        const shared = argOf(RouteParamtypes.BODY)?.pipes?.find((pipe) => pipe instanceof SharedBodyPipe);
        const operationId = `${controller.name}_${method}`;
        if (shared) {
          const name = SHARED_NAMES.get(shared.schema);
          if (!name) throw new Error(`${operationId}: its shared body schema is not in RequestSchemas`);
          found.push({
            operationId,
            sharedBody: { name, schema: shared.schema },
            query: typeOf(RouteParamtypes.QUERY),
          });
          continue;
        }
        found.push({ operationId, body: typeOf(RouteParamtypes.BODY), query: typeOf(RouteParamtypes.QUERY) });
      }
    }
  }
  return found;
}

/** The schema type of class-validator-jsonschema (openapi3-ts's), close to but not Nest's. */
type LibrarySchema = Exclude<ISchemaConverters[string], (...args: never[]) => unknown>;

/** A DTO's `code`, described by the shared rule that checks it, its type last as the document always listed it. */
function javaSourceProperty(): LibrarySchema {
  const { type, ...bounds } = sharedSchema(javaSourceSchema);
  return { ...bounds, type } as LibrarySchema;
}

/**
 * Our custom constraints, by name: the library cannot see inside them, and by default it would
 * describe the property by its TypeScript type, which for `string | null` or `Record` is "Object".
 */
const CUSTOM_CONSTRAINTS: Record<string, LibrarySchema> = {
  isNotNull: {},
  javaSource: javaSourceProperty(),
  stringMap: {
    type: 'object',
    maxProperties: CUSTOM_INPUT_MAX_KEYS,
    additionalProperties: { type: 'string', maxLength: CUSTOM_INPUT_MAX_CHARS },
  },
};

const OPTIONS: Partial<IOptions> = {
  classTransformerMetadataStorage: defaultMetadataStorage,
  refPointerPrefix: '#/components/schemas/',
  additionalConverters: {
    // "Any object": open to any key, which the library's bare {type: 'object'} leaves unsaid.
    [IS_OBJECT]: { type: 'object', additionalProperties: {} },
    [ValidationTypes.CUSTOM_VALIDATION]: (meta: ValidationMetadata) => {
      const [constraint] = getMetadataStorage().getTargetValidatorConstraints(meta.constraintCls);
      const known = constraint && CUSTOM_CONSTRAINTS[constraint.name];
      if (!known) throw new Error(`no JSON Schema for the custom constraint ${constraint?.name ?? '?'}`);
      return known;
    },
  },
};

/** The validation pipe forbids unknown fields (forbidNonWhitelisted). */
function closed(schema: SchemaObject): SchemaObject {
  return { ...schema, additionalProperties: false };
}

/** The JSON Schema of a shared request schema, as OpenAPI 3.0 has it (what a client may send). */
export function sharedSchema(schema: z.ZodType): SchemaObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' });
  return json as SchemaObject;
}

/** JSON Schemas of a DTO class and of every class nested in one, from the decorators that validate them. */
export function dtoSchema(dto: Type): SchemaObject {
  return closed(targetConstructorToSchema(dto, OPTIONS) as SchemaObject);
}

function nestedSchemas(): Record<string, SchemaObject> {
  const all = validationMetadatasToSchemas(OPTIONS) as Record<string, SchemaObject>;
  return Object.fromEntries(Object.entries(all).map(([name, schema]) => [name, closed(schema)]));
}

function queryParameters(schema: SchemaObject): ParameterObject[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property as SchemaObject | ReferenceObject,
  }));
}

/** The headers of a prepared body (common/prepared-json.ts). */
const PREPARED_HEADERS = {
  ETag: {
    description: 'A weak validator: a hash of exactly the bytes this caller gets (send it as If-None-Match)',
    schema: { type: 'string' },
  },
  'Content-Encoding': { description: 'gzip when Accept-Encoding allows it', schema: { type: 'string' } },
  'Cache-Control': {
    description: 'private, no-cache: per viewer, revalidated each time',
    schema: { type: 'string' },
  },
} as const;

function describeOperation(operation: OperationObject, handler: Handler | undefined) {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  for (const parameter of parameters) {
    // Every path parameter of the API is an id, checked by uuidParam (common/uuid.pipe.ts), but the
    // CLICS API's object ids, which are the specification's IDs (AC, A's short id, a team's UUID).
    if (parameter.in === 'path')
      parameter.schema = parameter.name === 'objectId' ? CLICS_ID : { type: 'string', format: 'uuid' };
  }
  if (handler?.query) parameters.push(...queryParameters(dtoSchema(handler.query)));
  operation.parameters = parameters;
  if (handler?.sharedBody) {
    operation.requestBody = {
      required: true,
      content: {
        'application/json': { schema: { $ref: `#/components/schemas/${handler.sharedBody.name}` } },
      },
    };
  }
  const refusal = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  });
  const answer = ANSWERS[operation.operationId ?? ''];
  const hasInput = parameters.length > 0 || !!operation.requestBody;
  operation.responses = {
    // Nest's bare default ('200' or '201' with no body) gives way to what the route answers.
    ...(answer
      ? {
          [String(answer.status)]: {
            description: answer.description,
            ...(answer.json ? { content: { 'application/json': { schema: answer.json } } } : {}),
            ...(answer.other ? { content: { [answer.other]: { schema: { type: 'string' } } } } : {}),
            ...(answer.prepared ? { headers: PREPARED_HEADERS } : {}),
          },
          ...(answer.prepared
            ? {
                '304': {
                  description: 'Not modified: If-None-Match named the ETag of the body this caller would get',
                  headers: { ETag: PREPARED_HEADERS.ETag },
                },
              }
            : {}),
        }
      : operation.responses),
    ...(hasInput ? { '400': refusal('Malformed input: the message names each refused field') } : {}),
    ...(parameters.some((p) => p.in === 'path')
      ? { '404': refusal('No such record (or not visible to the caller)') }
      : {}),
    '4XX': refusal(
      'Refused (not signed in, not allowed, conflict, too large, too many requests): {statusCode, error, message}',
    ),
    '5XX': refusal(
      'Unavailable (a dependency is down, the judge did not answer in time): {statusCode, error, message}',
    ),
  };
}

/** The OpenAPI document: routes from Nest, request schemas from the validating DTOs, one error shape. */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Javelin API')
    .setDescription(
      'Competitive-programming practice and contests for Java. Errors are {statusCode, error, message}.',
    )
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const byOperation = new Map(routeHandlers(app).map((h) => [h.operationId, h]));
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (operation) describeOperation(operation, byOperation.get(operation.operationId ?? ''));
    }
  }
  const bodies = [...byOperation.values()].flatMap((h) => (h.body ? [h.body] : []));
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      // Nested DTOs (a problem form's test cases) are referenced from the bodies.
      ...nestedSchemas(),
      ...Object.fromEntries(bodies.map((dto) => [dto.name, dtoSchema(dto)])),
      ...Object.fromEntries(
        [...byOperation.values()].flatMap((h) =>
          h.sharedBody ? [[h.sharedBody.name, sharedSchema(h.sharedBody.schema)]] : [],
        ),
      ),
      // The answers' shapes: the libs/contracts types the web reads them as.
      ...RESPONSE_SCHEMAS,
      ErrorBody: ERROR_BODY,
    },
  };
  return document;
}
