import { describe, expect, it, vi } from 'vitest';
import { isConnectionError } from './connection-errors';
import { TimeoutError, withTimeout } from './timeout';

describe('withTimeout', () => {
  it('settles as the work does and leaves no timer behind', async () => {
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    expect(await withTimeout(Promise.resolve(3), 1_000, 'Redis')).toBe(3);
    await expect(withTimeout(Promise.reject(new Error('boom')), 1_000, 'Redis')).rejects.toThrow('boom');
    expect(clear).toHaveBeenCalledTimes(2);
    clear.mockRestore();
  });

  it('rejects with a TimeoutError naming what did not answer, which counts as a connection error', async () => {
    const error = await withTimeout(new Promise(() => undefined), 10, 'PostgreSQL').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('PostgreSQL did not answer in time');
    expect(isConnectionError(error)).toBe(true);
  });
});

describe('isConnectionError', () => {
  it('tells an unreachable service from a fault of the request', () => {
    expect(
      isConnectionError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(
      isConnectionError(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe(true);
    expect(isConnectionError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    // TypeORM releases a transaction's query runner when its connection breaks mid-transaction.
    expect(
      isConnectionError(new Error('Query runner already released. Cannot run queries anymore.')),
    ).toBe(true);
    expect(isConnectionError(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});
