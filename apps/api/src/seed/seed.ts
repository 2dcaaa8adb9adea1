import 'reflect-metadata';
import { checkRequest, problemFormSchema, type ProblemFormBody } from '@javelin/contracts';
import type { DataSource } from 'typeorm';
import { EnvError, loadEnv } from '../config/env';
import { describeConnectionError } from '../common/connection-errors';
import { createDataSource } from '../database/data-source';
import { ProblemsRepository } from '../problems/problems.repository';
import { ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import { CATALOG, CatalogProblem, referenceSolution } from './catalog';
import { seedPackages } from './seed-packages';

/**
 * `node apps/api/dist/seed/seed.js`: loads the starter catalog (./catalog.ts) into the database the
 * API is configured with. Idempotent: a catalog problem whose title is already in the problems table
 * is left alone (an admin may have edited it), so running it on every start adds nothing new.
 *
 * Problems go in through ProblemsService.create after the same schema check the HTTP form gets, so
 * a seeded problem is stored exactly like one an admin saved (normalised fields, generated
 * boilerplate, test inputs as JSON of name -> raw value in variable order).
 */

export interface SeedResult {
  added: string[];
  alreadyPresent: string[];
}

/**
 * Seeded problems have no author: created_by stays NULL, as for a problem whose author was deleted.
 * ProblemsService.create only reads `id` from its author; an undefined id leaves the column to its
 * NULL default.
 */
const NO_AUTHOR = { id: undefined } as unknown as AuthUser;

/** Serialises concurrent seed runs (two starts at once) so neither inserts a title the other just did. */
const SEED_LOCK = 'javelin:seed-catalog';

/**
 * The catalog problem as the problem form would post it (boilerplate left for the service to
 * generate), with its checker and its reference solution, so an admin can validate its tests.
 */
export function toProblemForm(problem: CatalogProblem): Record<string, unknown> {
  return {
    title: problem.title,
    description: problem.description,
    constraints: problem.constraints,
    difficulty: problem.difficulty,
    points: problem.points,
    inputVariables: problem.inputVariables,
    testCases: problem.testCases,
    functionName: problem.functionName,
    returnType: problem.returnType,
    tags: problem.tags,
    isVisible: true,
    ...(problem.checker ? { checker: problem.checker } : {}),
    ...(problem.tolerance !== undefined ? { tolerance: problem.tolerance } : {}),
    ...(problem.checkerCode ? { checkerCode: problem.checkerCode } : {}),
    referenceSolution: referenceSolution(problem),
    ...(problem.testGroups?.length ? { testGroups: problem.testGroups } : {}),
  };
}

/** Checks a catalog problem with the problem form's schema, as the HTTP route checks a form. */
function validateCatalogProblem(problem: CatalogProblem): ProblemFormBody {
  const checked = checkRequest(problemFormSchema, toProblemForm(problem));
  if (!checked.ok)
    throw new Error(`catalog problem "${problem.title}" is invalid: ${checked.problems.messages.join('; ')}`);
  return checked.data;
}

/** Inserts every catalog problem whose title is not in the database yet. */
export async function seedCatalog(
  db: DataSource,
  catalog: readonly CatalogProblem[] = CATALOG,
): Promise<SeedResult> {
  // Validate everything first: a broken catalog entry must not leave a half-loaded catalog behind.
  const forms = catalog.map((p) => ({ problem: p, form: validateCatalogProblem(p) }));
  const repository = new ProblemsRepository(db);
  const service = new ProblemsService(repository);
  const lock = db.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [SEED_LOCK]);
    const present = await repository.titlesPresent(catalog.map((p) => p.title));
    const result: SeedResult = { added: [], alreadyPresent: [] };
    for (const { problem, form } of forms) {
      if (present.has(problem.title)) {
        result.alreadyPresent.push(problem.title);
        continue;
      }
      try {
        await service.create(form, NO_AUTHOR);
      } catch (error) {
        throw new Error(
          `could not add "${problem.title}": ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      result.added.push(problem.title);
    }
    return result;
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [SEED_LOCK]).catch(() => undefined);
    await lock.release();
  }
}

/** The command: seed the database at `databaseUrl` and report one line. */
export async function runSeed(
  databaseUrl: string,
  log: (line: string) => void = console.log,
): Promise<SeedResult> {
  const db = createDataSource(databaseUrl);
  await db.initialize();
  try {
    const result = await seedCatalog(db);
    const classic = await seedPackages(db);
    log(
      `seed: added ${result.added.length} problem(s) to the catalog (${result.alreadyPresent.length} already present)` +
        ` and ${classic.added.length} classic problem package(s) (${classic.alreadyPresent.length} already present)`,
    );
    return {
      added: [...result.added, ...classic.added],
      alreadyPresent: [...result.alreadyPresent, ...classic.alreadyPresent],
    };
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  (async () => {
    let databaseUrl: string | undefined;
    try {
      databaseUrl = loadEnv().databaseUrl;
      await runSeed(databaseUrl);
    } catch (error) {
      if (error instanceof EnvError) console.error(`config: ${error.message}`);
      else if (error instanceof Error && /^(catalog problem|could not add|seed package)/.test(error.message))
        console.error(`seed: ${error.message}`);
      else console.error(`seed: ${describeConnectionError(error, databaseUrl)}`);
      process.exit(1);
    }
  })();
}
