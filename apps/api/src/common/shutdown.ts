/** Waits for every closer, but never longer than `ms`: a connection that never opened must not block shutdown. */
export async function closeWithin(ms: number, ...closers: (Promise<unknown> | undefined)[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(closers),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

export const SHUTDOWN_CLOSE_MS = 5_000;
