import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function messages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((m) =>
      prefix ? m.replace(new RegExp(`^${error.property}\\b`), path) : m,
    );
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/** Rejects unknown and malformed fields with a 400 that names them. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(messages(errors).join('; ') || 'Invalid request body'),
  });
}
