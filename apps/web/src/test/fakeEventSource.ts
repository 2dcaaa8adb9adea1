/**
 * Stands in for the 'eventsource' package's EventSource (the contest stream, read with the bearer
 * token): `vi.mock('eventsource', () => import('../../test/fakeEventSource'))` (the module exports it
 * as `EventSource` too).
 */
export class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  closed = false;
  constructor(
    public url: string,
    public init?: { fetch?: (input: string, init: { headers: Record<string, string> }) => Promise<unknown> },
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown, type = 'leaderboard') {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

/** The name the 'eventsource' package exports, so this module can stand in for it whole. */
export { FakeEventSource as EventSource };
