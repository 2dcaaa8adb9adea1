import type { EntityManager } from 'typeorm';

/** Runs an UPDATE/DELETE … RETURNING and gives back its rows (TypeORM's postgres driver wraps them with a count). */
export async function returningRows<T>(m: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const result = await m.query(sql, params);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}
