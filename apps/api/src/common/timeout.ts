/** A wait that ran past its bound; connection-error handling treats it as the service being away. */
export class TimeoutError extends Error {}

/** Settles as `work` does, or rejects with a TimeoutError naming `what` after `ms`; the timer never outlives it. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer in time`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
