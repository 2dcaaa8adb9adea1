import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { ServerSentences } from '@javelin/contracts';
import { ValidateBy, ValidateIf } from 'class-validator';

function messages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    // Decorators register bottom-up, so the last failed constraint is the one written first: the most basic.
    const first = Object.values(error.constraints ?? {}).at(-1);
    const own = first ? [prefix ? first.replace(new RegExp(`^${error.property}\\b`), path) : first] : [];
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/** Rejects unknown and malformed fields with a 400 that names them. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException(messages(errors).join('; ') || 'Invalid request body'),
  });
}

/**
 * An optional field: it may be left out. `null` is refused with a 400 naming the field, unless
 * `nullable` (the field can be cleared), in which case null skips the other checks and reaches the
 * service, which must treat it as "clear". class-validator's own @IsOptional lets null through to
 * code that expects a value, so DTOs use this instead.
 */
export function Optional(options: { nullable?: boolean } = {}): PropertyDecorator {
  const skip = options.nullable
    ? (v: unknown) => v === undefined || v === null
    : (v: unknown) => v === undefined;
  return (target, property) => {
    ValidateIf((_object, value: unknown) => !skip(value))(target, property);
    if (!options.nullable) {
      ValidateBy({
        name: 'isNotNull',
        validator: {
          validate: (value: unknown) => value !== null,
          defaultMessage: (args) => ServerSentences.fieldIsNull(args?.property ?? String(property)),
        },
      })(target, property);
    }
  };
}
