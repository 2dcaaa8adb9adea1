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
 * One md5 over every row of every table, in a single query: cheap enough to take after each of
 * thousands of requests. The table list is read once; a table created later is not covered.
 */
export async function databaseChecksum(db: DataSource): Promise<() => Promise<string>> {
  const tables: { tablename: string }[] = await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const parts = tables.map(
    ({ tablename }) =>
      `(SELECT '${tablename}:' || count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM "${tablename}" t)`,
  );
  const sql = `SELECT md5(${parts.join(` || '|' || `)}) AS sum`;
  return async () => ((await db.query(sql)) as { sum: string }[])[0].sum;
}
