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
import { RequestSchemas, ResponseSchemas } from '@javelin/contracts';
import { z } from 'zod';
import { ZodPipe } from '../common/zod';
import { ANSWERS } from './responses';

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

/** A route's input as its zod pipes check it (common/zod.ts). */
interface Handler {
  operationId: string;
  /** The body's schema, under the name the document lists it by (RequestSchemas). */
  body?: { name: string; schema: z.ZodType };
  /** The whole query string's schema. */
  query?: z.ZodType;
  /** Each path parameter's schema, by name. */
  params: Record<string, z.ZodType>;
  /** Bodies, queries and path parameters the route reads with no zod pipe (none, test/contract holds it). */
  unchecked: string[];
}

const BODY_NAMES = new Map<z.ZodType, string>(
  Object.entries(RequestSchemas).map(([name, schema]) => [schema as z.ZodType, name]),
);

const KINDS: Partial<Record<RouteParamtypes, string>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.PARAM]: 'param',
};

/**
 * What each handler validates its body, query and path parameters with, keyed by the operationId
 * @nestjs/swagger gives it (Controller_method): read from the route-argument metadata Nest runs the
 * pipes from, so the document cannot describe a different schema than the one enforced.
 */
export function routeHandlers(app: INestApplication): Handler[] {
  const found: Handler[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      const controller = metatype as Type;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        if (method === 'constructor') continue;
        const args: Record<string, { index: number; data?: unknown; pipes?: unknown[] }> =
          Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
        const operationId = `${controller.name}_${method}`;
        const handler: Handler = { operationId, params: {}, unchecked: [] };
        for (const [key, arg] of Object.entries(args)) {
          const kind = KINDS[Number(key.split(':')[0]) as RouteParamtypes];
          if (!kind) continue;
          const pipe = arg.pipes?.find((p): p is ZodPipe<z.ZodType> => p instanceof ZodPipe);
          const named = typeof arg.data === 'string' ? ` ${arg.data}` : '';
          if (!pipe || pipe.source !== kind || (kind === 'param') !== !!named) {
            handler.unchecked.push(`${kind}${named}`);
            continue;
          }
          if (kind === 'param') handler.params[arg.data as string] = pipe.schema;
          else if (kind === 'query') handler.query = pipe.schema;
          else {
            const name = BODY_NAMES.get(pipe.schema);
            if (!name) throw new Error(`${operationId}: its body schema is not in RequestSchemas`);
            handler.body = { name, schema: pipe.schema };
          }
        }
        found.push(handler);
      }
    }
  }
  return found;
}

/** The JSON Schema of a request schema, as OpenAPI 3.0 has it (what a client may send). */
function requestSchema(schema: z.ZodType): SchemaObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' });
  return json as SchemaObject;
}

/**
 * An answer's JSON Schema (openapi/responses.ts): the schemas registered in ResponseSchemas inside it
 * are references to the document's components (responseSchemas() publishes each of them).
 */
function answerSchema(schema: z.ZodType): SchemaObject | ReferenceObject {
  const {
    $schema: _dialect,
    definitions: _published,
    ...json
  } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', metadata: ResponseSchemas });
  return JSON.parse(
    JSON.stringify(json).replaceAll('"#/definitions/', '"#/components/schemas/'),
  ) as SchemaObject | ReferenceObject;
}

/** The answers' JSON Schemas, from the zod schemas libs/contracts registers them with (ResponseSchemas). */
function responseSchemas(): Record<string, SchemaObject> {
  const { schemas } = z.toJSONSchema(ResponseSchemas, {
    target: 'openapi-3.0',
    // What a client may receive: an object may carry more than the web reads.
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, { $schema: _dialect, $id: _uri, id: _id, ...json }]) => [
      name,
      json as SchemaObject,
    ]),
  );
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
    const schema = parameter.in === 'path' ? handler?.params[parameter.name] : undefined;
    if (schema) parameter.schema = requestSchema(schema);
  }
  if (handler?.query) parameters.push(...queryParameters(requestSchema(handler.query)));
  operation.parameters = parameters;
  if (handler?.body) {
    // Right after the parameters, where @nestjs/swagger puts a body it knows of.
    const { responses, tags, ...rest } = operation;
    for (const key of Object.keys(operation)) delete (operation as unknown as Record<string, unknown>)[key];
    Object.assign(operation, rest, {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${handler.body.name}` } } },
      },
      responses,
      ...(tags ? { tags } : {}),
    });
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
            ...(answer.json ? { content: { 'application/json': { schema: answerSchema(answer.json) } } } : {}),
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

/** The OpenAPI document: routes from Nest, request schemas from the zod schemas that validate them, one error shape. */
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
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...Object.fromEntries(
        [...byOperation.values()].flatMap((h) =>
          h.body ? [[h.body.name, requestSchema(h.body.schema)]] : [],
        ),
      ),
      // The answers' shapes: the zod schemas of libs/contracts the web infers its types from, by name.
      ...Object.fromEntries(
        Object.entries(responseSchemas()).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
      ErrorBody: ERROR_BODY,
    },
  };
  return document;
}
