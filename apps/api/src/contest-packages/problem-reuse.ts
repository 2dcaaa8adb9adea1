import type { Tx } from '../common/transactions';

/**
 * Issue 43: "a problem already in Javelin under the same package may be reused". A contest package's
 * problem is the same package as one Javelin already holds, imported by an earlier contest package or
 * alone by POST /api/problems/import, when their identities match (packageIdentity: the same short
 * name, the same files byte for byte, the same time limit once the contest's problems.yaml has set it).
 * A problem edited since it was imported is no longer its package (migration ProblemPackageHash forgets
 * the identity of an edited problem), so it is never reused. Nor is a published problem: the contest's
 * problem would be public before the contest starts (a problem is one row, public or hidden for all),
 * so the import stores a hidden copy and says why.
 *
 * This is the problem (oldest first) that is the package of this identity, a hidden one before a
 * published one, or null.
 */
export async function problemOfPackage(
  tx: Tx,
  identity: string,
): Promise<{ id: string; title: string; published: boolean } | null> {
  const [row]: { id: string; title: string; is_visible: boolean }[] = await tx.query(
    `SELECT id, title, is_visible FROM problems WHERE package_hash = $1
      ORDER BY is_visible, created_at, id LIMIT 1`,
    [identity],
  );
  return row ? { id: row.id, title: row.title, published: row.is_visible } : null;
}

/** Marks a problem just stored from a package as that package (after its tests: their trigger forgets it). */
export async function rememberPackage(tx: Tx, problemId: string, identity: string): Promise<void> {
  await tx.query(`UPDATE problems SET package_hash = $2 WHERE id = $1`, [problemId, identity]);
}
