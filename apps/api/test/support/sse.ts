import type { TestApp } from './app';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** One open contest stream, read as raw bytes: `raw` is everything received so far. */
export interface OpenStream {
  raw: string;
  events: StreamEvent[];
  /** Resolves with the first event (already received or to come) that matches; rejects after `timeoutMs`. */
  next(predicate: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
  /** Resolves when the server ends the stream (not when close() aborts it). */
  ended: Promise<void>;
}

/** Opens `GET /api/contests/:id/leaderboard/stream`, as `token`'s user or anonymously. */
export async function openContestStream(t: TestApp, contestId: string, token?: string): Promise<OpenStream> {
  if (!t.app.getHttpServer().listening) await t.app.listen(0, '127.0.0.1');
  const url = `${await t.app.getUrl()}/api/contests/${contestId}/leaderboard/stream`.replace('[::1]', '127.0.0.1');
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let endedByServer!: () => void;
  const ended = new Promise<void>((resolve) => (endedByServer = resolve));
  const stream: OpenStream = {
    ended,
    raw: '',
    events: [],
    async next(predicate, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      let seen = 0;
      for (;;) {
        const found = stream.events.slice(seen).find(predicate);
        if (found) return found;
        seen = stream.events.length;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('timed out waiting for a stream event');
        await new Promise((resolve) => setTimeout(resolve, Math.min(left, 20)));
      }
    },
    close: () => controller.abort(),
  };
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          endedByServer();
          return;
        }
        const text = decoder.decode(value, { stream: true });
        stream.raw += text;
        buffer += text;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
          const data = lines
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          stream.events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return stream;
}
