import { createHash } from 'node:crypto';
import type { Tx } from '../common/transactions';

/**
 * Issue 43: "a problem already in Javelin under the same package may be reused". A contest package's
 * problem is the same package as one Javelin already holds when it has the same name (its id in
 * problems.yaml, which also names a package whose problem.yaml gives no name), the same files byte for
 * byte (whether zipped or unpacked in the contest package: the files are hashed, not the zip), and the
 * same time limit once the contest's problems.yaml has set it (the limit is stored on the problem).
 * That problem is reused: the contest points at it, nothing is imported again, and the import says so
 * in a warning. A problem edited since it was imported is no longer its package (migration
 * ProblemPackageHash forgets the identity of an edited problem), so it is never reused.
 */
export function packageIdentity(
  name: string,
  files: ReadonlyMap<string, Buffer>,
  timeLimitMs: number | null,
): string {
  const hash = createHash('sha256');
  const field = (text: string) => hash.update(`${Buffer.byteLength(text)}:${text}\n`);
  field('javelin problem package v1');
  field(name);
  field(timeLimitMs === null ? '' : String(timeLimitMs));
  for (const path of [...files.keys()].sort()) {
    const bytes = files.get(path)!;
    field(path);
    hash.update(`${bytes.length}:`).update(bytes).update('\n');
  }
  return hash.digest('hex');
}

/** The problem (oldest first) that is this package, or null. */
export async function problemOfPackage(
  tx: Tx,
  identity: string,
): Promise<{ id: string; title: string } | null> {
  const [row]: { id: string; title: string }[] = await tx.query(
    `SELECT id, title FROM problems WHERE package_hash = $1 ORDER BY created_at, id LIMIT 1`,
    [identity],
  );
  return row ?? null;
}

/** Marks a problem just stored from a package as that package (after its tests: their trigger forgets it). */
export async function rememberPackage(tx: Tx, problemId: string, identity: string): Promise<void> {
  await tx.query(`UPDATE problems SET package_hash = $2 WHERE id = $1`, [problemId, identity]);
}
