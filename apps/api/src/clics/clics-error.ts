import { HttpException, HttpStatus } from '@nestjs/common';

/** An error as the spec words it ({code, message}), beside the project's own {statusCode, error}. */
export function clicsError(status: HttpStatus, message: string): HttpException {
  return new HttpException({ code: status, message }, status);
}
