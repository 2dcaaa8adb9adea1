import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { readPackage } from '../packages/package-reader';
import { storePackage } from '../packages/packages.service';
import { ProblemsRepository } from '../problems/problems.repository';

/**
 * The classic problems of the catalog (issue 29): every folder under apps/api/src/seed/packages/ is a
 * problem package, read and stored by the importer's own code. The folders stay in src/ (they are data,
 * not compiled): from dist/seed/ they are found at ../../src/seed/packages.
 */
export const PACKAGES_DIRS = [
  join(__dirname, 'packages'),
  join(__dirname, '..', '..', 'src', 'seed', 'packages'),
];

/** Serialises concurrent seed runs, as the function catalog's seed does. */
const SEED_PACKAGES_LOCK = 'javelin:seed-packages';

interface PackageSeedResult {
  added: string[];
  alreadyPresent: string[];
}

/** Imports every package folder whose problem title is not in the database yet; a bad package stops the seed naming it. */
export async function seedPackages(
  db: DataSource,
  dir = PACKAGES_DIRS.find((d) => existsSync(d)),
): Promise<PackageSeedResult> {
  const result: PackageSeedResult = { added: [], alreadyPresent: [] };
  if (!dir) return result;
  const folders = readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
  // Read everything first: a broken package must not leave a half-seeded catalog behind.
  const packages = folders.map((name) => {
    try {
      return { name, read: readPackage(filesOf(join(dir, name)), name) };
    } catch (error) {
      throw new Error(
        `seed package "${name}" is invalid: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  const repository = new ProblemsRepository(db);
  const lock = db.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [SEED_PACKAGES_LOCK]);
    const present = await repository.titlesPresent(packages.map((p) => p.read.title));
    for (const { read } of packages) {
      if (present.has(read.title)) {
        result.alreadyPresent.push(read.title);
        continue;
      }
      await db.transaction((m) => storePackage(m, repository, randomUUID(), read, null, { isVisible: true }));
      result.added.push(read.title);
    }
    return result;
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [SEED_PACKAGES_LOCK]).catch(() => undefined);
    await lock.release();
  }
}

/** A package folder's files by their path inside it. */
function filesOf(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(relative(root, path).split('\\').join('/'), readFileSync(path));
    }
  };
  walk(root);
  return files;
}
