import { MigrationInterface, QueryRunner } from 'typeorm';

// Written out rather than imported from libs/contracts, so this migration means the same forever.
const CHECKERS = ['exact', 'tokens', 'float', 'unordered', 'custom'];
const SPEC_RETURN_TYPES = ['int', 'string', 'boolean', 'void'];
const RETURN_TYPES = [
  ...SPEC_RETURN_TYPES,
  'long',
  'double',
  'char',
  'array',
  'int[]',
  'long[]',
  'double[]',
  'boolean[]',
  'char[]',
  'string[]',
  'int[][]',
  'char[][]',
];
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Issue 18: how a problem's outputs are judged (checker, its tolerance, a custom checker's Java) and
 * the author's reference solution, kept for admins only. Existing problems keep the spec's 'exact'.
 */
export class ProblemCheckers1795399121000 implements MigrationInterface {
  name = 'ProblemCheckers1795399121000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE problems
         ADD COLUMN checker varchar(10) NOT NULL DEFAULT 'exact' CHECK (checker IN (${list(CHECKERS)})),
         ADD COLUMN tolerance double precision CHECK (tolerance > 0 AND tolerance < 1),
         ADD COLUMN checker_code text,
         ADD COLUMN reference_solution text`,
    );
    // Return values of the richer types (int[], double, char[][], ...).
    await q.query(`ALTER TABLE problems DROP CONSTRAINT problems_return_type_check`);
    await q.query(
      `ALTER TABLE problems ADD CONSTRAINT problems_return_type_check CHECK (return_type IN (${list(RETURN_TYPES)}))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems DROP CONSTRAINT problems_return_type_check`);
    await q.query(
      `ALTER TABLE problems ADD CONSTRAINT problems_return_type_check CHECK (return_type IN (${list(SPEC_RETURN_TYPES)}))`,
    );
    await q.query(
      `ALTER TABLE problems DROP COLUMN reference_solution, DROP COLUMN checker_code, DROP COLUMN tolerance, DROP COLUMN checker`,
    );
  }
}
