import { VerdictMessages, type JudgingProgress } from '@javelin/contracts';
import { EventSource } from 'eventsource';
import { getToken } from '../../lib/token';

/** The stream is opened a moment after the POST: a judgement over by then needs no progress. */
const OPEN_AFTER_MS = 250;

/** A fresh X-Request-Id for one run or submit: what its progress is keyed by. */
export function newRequestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `r-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Follows the progress of the caller's judgement sent with `requestId` (GET
 * /api/execute-code/{requestId}/progress, server-sent events read with the bearer token) until it
 * ends or the returned function is called. Progress is a courtesy: a stream that fails is dropped.
 */
export function followProgress(requestId: string, onProgress: (p: JudgingProgress) => void): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  const timer = setTimeout(() => {
    if (stopped) return;
    const token = getToken();
    source = new EventSource(`/api/execute-code/${encodeURIComponent(requestId)}/progress`, {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: token ? { ...init.headers, Authorization: `Bearer ${token}` } : init.headers,
        }),
    });
    source.addEventListener('progress', (event: MessageEvent<string>) => {
      try {
        const progress = JSON.parse(event.data) as JudgingProgress;
        if (stopped) return;
        if (progress.state === 'done' || progress.state === 'failed') stop();
        else onProgress(progress);
      } catch {
        // a malformed event is ignored
      }
    });
    // No reconnection: the POST's answer comes anyway.
    source.onerror = () => stop();
  }, OPEN_AFTER_MS);
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
  return stop;
}

/** The words of a judgement in progress: "In queue (position 2)" or "Judging… test 3 of 10". */
export function progressText(progress: JudgingProgress | null): string | null {
  if (progress?.state === 'queued') return VerdictMessages.inQueue(progress.position);
  if (progress?.state === 'judging')
    return progress.total > 0
      ? VerdictMessages.judging(Math.min(progress.judged + 1, progress.total), progress.total)
      : VerdictMessages.compiling;
  return null;
}
