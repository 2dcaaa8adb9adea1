import { createHash } from 'node:crypto';

/** The hex SHA-256 of a text: submitted code's hash, an emailed token's stored hash, a cache key. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
