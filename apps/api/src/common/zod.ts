import { BadRequestException, Body, Param, Query, type PipeTransform } from '@nestjs/common';
import { checkRequest, ServerSentences, textProblem, uuidParamSchema } from '@javelin/contracts';
import type { z } from 'zod';

/** Where a route's input comes from: the pipe checks each the way it arrives. */
type ZodSource = 'body' | 'query' | 'param';

/**
 * Validates a body, a query or a path parameter with a zod schema of libs/contracts (issue 33 item 1:
 * one schema per contract, shared with the web): the parsed value (trimmed, numbers read, defaults
 * filled) or a 400 naming every refused field. The OpenAPI document reads the schema from this pipe
 * (openapi/document.ts), so what is published is what is enforced, and test/contract checks that every
 * route's input goes through one.
 */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    readonly schema: S,
    readonly source: ZodSource = 'body',
  ) {}

  transform(value: unknown, metadata?: { data?: string }): z.output<S> {
    if (this.source === 'param') {
      const problem =
        typeof value === 'string' ? textProblem(metadata?.data ?? 'parameter', value, false) : undefined;
      if (problem) throw new BadRequestException(problem);
      const checked = this.schema.safeParse(value);
      if (checked.success) return checked.data;
      throw new BadRequestException(checked.error.issues[0]?.message ?? 'Invalid path parameter');
    }
    const checked = checkRequest(this.schema, value);
    // A list or a bare value is checked as an object of its items (so its missing fields are named);
    // one that passes (every field optional) is still not an object of fields.
    if (
      checked.ok &&
      value !== undefined &&
      value !== null &&
      (typeof value !== 'object' || Array.isArray(value))
    )
      throw new BadRequestException(ServerSentences.bodyMustBeObject);
    if (checked.ok) return checked.data;
    throw new BadRequestException(
      checked.problems.messages.join('; ') ||
        (this.source === 'query' ? 'Invalid query' : 'Invalid request body'),
    );
  }
}

/** `@ZodBody(registerSchema) dto: RegisterBody`: the body, checked by its contract's schema. */
export const ZodBody = (schema: z.ZodType): ParameterDecorator => Body(new ZodPipe(schema, 'body'));

/** `@ZodQuery(leaderboardQuerySchema) query: LeaderboardQuery`: the whole query string, checked. */
export const ZodQuery = (schema: z.ZodType): ParameterDecorator => Query(new ZodPipe(schema, 'query'));

/** `@ZodParam('objectId', clicsObjectIdSchema) objectId: string`: one path parameter, checked. */
export const ZodParam = (name: string, schema: z.ZodType): ParameterDecorator =>
  Param(name, new ZodPipe(schema, 'param'));

/** The pipe of a path id (`@Param('id', uuidParam('id'))`): a UUID, or a 400 naming the parameter. */
export function uuidParam(name: string): ZodPipe<ReturnType<typeof uuidParamSchema>> {
  return new ZodPipe(uuidParamSchema(name), 'param');
}
