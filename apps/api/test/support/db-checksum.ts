import type { DataSource } from 'typeorm';

/** Row count and an md5 of every row of every table: equal before and after means nothing was written. */
export async function tableChecksums(db: DataSource): Promise<Record<string, string>> {
  const tables: { tablename: string }[] = await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const sums: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await db.query(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS sum FROM "${tablename}" t`,
    );
    sums[tablename] = `${row.n}:${row.sum}`;
  }
  return sums;
}

/**
 * A mark of every table's committed rows that changes with any write, in one query: each table's row
 * count and the newest transaction id among its row versions (xmin). An insert or an update leaves a
 * row version with a newer xmin; a delete changes the count (a delete with an insert, both). Unlike an
 * md5 of every row, it does not serialise and sort the tables, so it stays cheap after thousands of
 * requests (the fuzz suite takes one after each). The table list is read once; a table created later
 * is not covered.
 */
export async function databaseChecksum(db: DataSource): Promise<() => Promise<string>> {
  const tables: { tablename: string }[] = await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const parts = tables.map(
    ({ tablename }) =>
      `(SELECT '${tablename}:' || count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) FROM "${tablename}" t)`,
  );
  const sql = `SELECT ${parts.join(` || '|' || `)} AS sum`;
  // A named statement: parsed and planned once per connection, not at each of thousands of calls.
  const statement = { name: `write-mark-${tables.length}`, text: sql };
  return async () => {
    const runner = db.createQueryRunner();
    try {
      const client = (await runner.connect()) as {
        query(q: typeof statement): Promise<{ rows: { sum: string }[] }>;
      };
      return (await client.query(statement)).rows[0].sum;
    } finally {
      await runner.release();
    }
  };
}
