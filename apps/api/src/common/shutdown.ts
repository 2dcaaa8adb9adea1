import { withTimeout } from './timeout';

/** Waits for every closer, but never longer than `ms`: a connection that never opened must not block shutdown. */
export async function closeWithin(ms: number, ...closers: (Promise<unknown> | undefined)[]): Promise<void> {
  await withTimeout(Promise.allSettled(closers), ms, 'a connection closing').catch(() => undefined);
}

export const SHUTDOWN_CLOSE_MS = 5_000;
