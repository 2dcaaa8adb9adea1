import type { DataSource } from 'typeorm';

/** What the app read from PostgreSQL: its statements, and the characters of text their rows carried. */
export interface DbReads {
  statements: string[];
  textChars: number;
}

type Query = (...args: unknown[]) => unknown;

/**
 * Counts, until `stop`, what every statement of `db`'s connection pool (the app's own) reads: a test
 * asserts what was read, not how long it took. Statements of the test's own through `db` count too.
 */
export function watchDbReads(db: DataSource): { reads: DbReads; stop(): void } {
  const pool = (db.driver as unknown as { master: { Client: { prototype: { query: Query } } } }).master;
  const proto = pool.Client.prototype;
  const original = proto.query;
  const reads: DbReads = { statements: [], textChars: 0 };
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [config] = args;
    reads.statements.push(typeof config === 'string' ? config : String((config as { text?: string })?.text));
    const result = original.apply(this, args);
    if (result instanceof Promise)
      void result.then(
        (r) => (reads.textChars += textCharsOf(r)),
        () => undefined,
      );
    return result;
  };
  return { reads, stop: () => void (proto.query = original) };
}

function textCharsOf(result: unknown): number {
  if (Array.isArray(result)) return result.reduce((sum: number, r) => sum + textCharsOf(r), 0);
  const rows = (result as { rows?: unknown[] } | null)?.rows ?? [];
  let chars = 0;
  for (const row of rows)
    for (const value of Object.values(row as object))
      if (typeof value === 'string') chars += value.length;
      else if (Buffer.isBuffer(value)) chars += value.length;
      else if (value !== null && typeof value === 'object') chars += JSON.stringify(value).length;
  return chars;
}
