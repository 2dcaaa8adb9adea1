import { BadRequestException, Body, type PipeTransform } from '@nestjs/common';
import { checkRequest } from '@javelin/contracts';
import type { z } from 'zod';

/**
 * Validates a body with one of the request schemas libs/contracts shares with the web (issue 15
 * item 6): the parsed value (trimmed, numbers read) or a 400 naming every refused field, in the
 * words the class-validator DTOs use. The OpenAPI document reads the schema from this pipe
 * (openapi/document.ts), so what is published is what is enforced.
 */
export class SharedBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const checked = checkRequest(this.schema, value);
    if (checked.ok) return checked.data;
    throw new BadRequestException(checked.problems.messages.join('; ') || 'Invalid request body');
  }
}

/** `@SharedBody(registerSchema) dto: RegisterBody`: the body, checked by a shared request schema. */
export const SharedBody = (schema: z.ZodType): ParameterDecorator => Body(new SharedBodyPipe(schema));
