import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

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
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ') || 'Invalid request body'),
  });
}
