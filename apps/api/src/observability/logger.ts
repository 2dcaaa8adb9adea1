import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

/** One JSON logger for the process; Nest's own messages go through it too. */
export function createRootLogger(level: string): Logger {
  return pino({ level, base: { service: 'api' }, timestamp: pino.stdTimeFunctions.isoTime });
}

export class PinoNestLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  log(message: unknown, context?: string) {
    this.root.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.root.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.root.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.root.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.root.trace({ context }, String(message));
  }
}
