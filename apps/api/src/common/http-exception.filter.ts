import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ServerMessages } from '@javelin/contracts';
import type { ApiError } from '@javelin/contracts';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { isConnectionError } from './connection-errors';

const REFUSAL_LOG_EVERY_MS = 5_000;

/** Every error leaves as {statusCode, error, message}; `error` is the sentence the web shows. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const body = this.toBody(exception);
    const retryAfter = (body as ApiError & { retryAfter?: number }).retryAfter;
    if (retryAfter) response.setHeader('Retry-After', String(retryAfter));
    // A 503 says a service is away or busy (the judge busy, its queue restarted, PostgreSQL or Redis
    // out of reach, not ready): expected while it lasts, so a warning with its cause, once per
    // REFUSAL_LOG_EVERY_MS for each sentence with how many more there were (issue 35: thousands of
    // retries during a contest's backlog; each request still has its own access log line); any other
    // 5xx is a failure, logged with its stack.
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE)
      this.warnRefusal(`${body.statusCode} ${body.error}`, causeOf(exception));
    else if (body.statusCode >= 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    response.status(body.statusCode).json(body);
  }

  /** Per refusal line: when it was last logged, and how many went unlogged since. */
  private readonly refusals = new Map<string, { at: number; more: number }>();

  private warnRefusal(sentence: string, cause: string): void {
    const now = performance.now();
    const last = this.refusals.get(sentence);
    if (last && now - last.at < REFUSAL_LOG_EVERY_MS) {
      last.more++;
      return;
    }
    this.logger.warn(
      last?.more
        ? `${sentence}${cause} (and ${last.more} more in the ${Math.round((now - last.at) / 1000)} s before)`
        : `${sentence}${cause}`,
    );
    this.refusals.set(sentence, { at: now, more: 0 });
  }

  private toBody(exception: unknown): ApiError {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'string') return { statusCode: status, error: payload, message: payload };
      // Extra fields (a readiness report, a retry hint) travel along with the three standard ones.
      const {
        message: raw,
        error: _error,
        statusCode: _status,
        ...extra
      } = payload as Record<string, unknown>;
      const message = Array.isArray(raw) ? raw.join('; ') : String(raw ?? exception.message);
      return { ...extra, statusCode: status, error: message, message };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception as QueryFailedError & { code?: string }).code;
      if (code === '23505') return conflict('A record with these values already exists');
      if (code === '22P02' || code === '22003' || code === '22001') {
        return { statusCode: 400, error: ServerMessages.invalidValue, message: ServerMessages.invalidValue };
      }
    }
    const parserError = bodyParserError(exception);
    if (parserError) return parserError;
    if (isConnectionError(exception)) {
      const message = ServerMessages.serviceUnavailable;
      // Retry-After tells clients (and load balancers) this is a pause, not a failure of their request.
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        error: message,
        message,
        retryAfter: 5,
      } as ApiError;
    }
    return { statusCode: 500, error: ServerMessages.internalError, message: ServerMessages.internalError };
  }
}

/** The first line of what went wrong below a 503 the API did not raise itself (a lost connection). */
function causeOf(exception: unknown): string {
  if (exception instanceof HttpException) return '';
  const message = exception instanceof Error ? exception.message : String(exception);
  return ` (${message.split('\n')[0]})`;
}

/** What express.json says about a body it could not read (http-errors with `expose`), as a 4xx. */
const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'entity.verify.failed': 'The request body could not be read',
  'request.aborted': 'The request was aborted',
  'request.size.invalid': 'The request body is shorter than its Content-Length',
  'encoding.unsupported': 'The request body has an unsupported content encoding',
  'charset.unsupported': 'The request body has an unsupported charset',
  'stream.encoding.set': 'The request body could not be read',
};

function bodyParserError(exception: unknown): ApiError | undefined {
  if (!(exception instanceof Error)) return undefined;
  const { status, type, expose } = exception as Error & {
    status?: unknown;
    type?: unknown;
    expose?: unknown;
  };
  if (typeof status !== 'number' || status < 400 || status >= 500 || expose !== true) return undefined;
  const message =
    (typeof type === 'string' && BODY_PARSER_MESSAGES[type]) || 'The request body could not be read';
  return { statusCode: status, error: message, message };
}

function conflict(message: string): ApiError {
  return { statusCode: 409, error: message, message };
}
