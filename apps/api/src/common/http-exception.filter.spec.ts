import { Logger, ServiceUnavailableException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpExceptionFilter } from './http-exception.filter';

/** An express response that records what the filter sends. */
function answer(exception: unknown, filter = new HttpExceptionFilter()) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const response = {
    headersSent: false,
    setHeader: (k: string, v: string) => (sent.headers[k] = v),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  filter.catch(exception, host);
  return sent;
}

/** The filter's warnings and errors, kept from the output. */
function spyLogs() {
  return {
    warn: vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined),
  };
}

describe('HttpExceptionFilter logging', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a lost database connection is a 503 with Retry-After and one warning line naming the cause', () => {
    const { warn, error } = spyLogs();
    const lost = Object.assign(new Error('the database system is shutting down\n    at parse (pg)'), {
      code: '57P01',
    });
    const sent = answer(lost);
    expect(sent.status).toBe(503);
    expect(sent.headers['Retry-After']).toBe('5');
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/^503 .*\(the database system is shutting down\)$/);
  });

  it('a readiness 503 the API raised itself is a warning without a stack', () => {
    const { warn, error } = spyLogs();
    const sent = answer(new ServiceUnavailableException('Not ready: Redis unavailable'));
    expect(sent.status).toBe(503);
    expect(error).not.toHaveBeenCalled();
    expect(warn.mock.calls[0][0]).toBe('503 Not ready: Redis unavailable');
  });

  it('any other failure is a 500 logged as an error with its stack', () => {
    const { warn, error } = spyLogs();
    const sent = answer(new TypeError('x is undefined'));
    expect(sent.status).toBe(500);
    expect(warn).not.toHaveBeenCalled();
    expect(String(error.mock.calls[0][0])).toContain('TypeError: x is undefined\n    at ');
  });

  it('a burst of the same refusal is one warning per 5 s, then one saying how many more there were', () => {
    vi.useFakeTimers();
    try {
      const { warn } = spyLogs();
      const filter = new HttpExceptionFilter();
      const busy = () => new ServiceUnavailableException({ message: 'The judge is busy', retryAfter: 5 });
      for (let i = 0; i < 50; i++) expect(answer(busy(), filter).status).toBe(503);
      expect(warn).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(5_000);
      answer(busy(), filter);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[1][0]).toBe('503 The judge is busy (and 49 more in the 5 s before)');
    } finally {
      vi.useRealTimers();
    }
  });
});
