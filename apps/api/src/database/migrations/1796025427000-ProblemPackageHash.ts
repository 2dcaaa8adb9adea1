import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 43: "a problem already in Javelin under the same package may be reused". A problem a contest
 * package brought in keeps the identity of the package it was made of (`package_hash`: its name, its
 * files and the time limit the contest gave it; contest-packages/problem-reuse.ts), so a later contest
 * package with that same problem reuses it instead of importing a copy. Once the problem is edited (the
 * problem row itself, but for its visibility, or any of its tests) it is no longer that package: a
 * trigger forgets the identity, whoever edits it.
 */
export class ProblemPackageHash1796025427000 implements MigrationInterface {
  name = 'ProblemPackageHash1796025427000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems ADD COLUMN package_hash char(64)`);
    await q.query(
      `CREATE INDEX problems_package_hash ON problems (package_hash) WHERE package_hash IS NOT NULL`,
    );
    await q.query(`
      CREATE FUNCTION javelin_problem_edited() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.package_hash IS NOT NULL AND NEW.package_hash IS NOT DISTINCT FROM OLD.package_hash
           AND (to_jsonb(NEW) - 'is_visible' - 'updated_at' - 'package_hash')
               IS DISTINCT FROM (to_jsonb(OLD) - 'is_visible' - 'updated_at' - 'package_hash') THEN
          NEW.package_hash := NULL;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER problems_package_edited BEFORE UPDATE ON problems
        FOR EACH ROW EXECUTE FUNCTION javelin_problem_edited()`);
    await q.query(`
      CREATE FUNCTION javelin_problem_tests_edited() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE problems SET package_hash = NULL
         WHERE package_hash IS NOT NULL
           AND id IN (SELECT problem_id FROM changed_tests);
        RETURN NULL;
      END $$`);
    for (const op of ['INSERT', 'UPDATE', 'DELETE'])
      await q.query(`
        CREATE TRIGGER test_cases_package_edited_${op.toLowerCase()} AFTER ${op} ON test_cases
          REFERENCING ${op === 'INSERT' ? 'NEW' : 'OLD'} TABLE AS changed_tests
          FOR EACH STATEMENT EXECUTE FUNCTION javelin_problem_tests_edited()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const op of ['insert', 'update', 'delete'])
      await q.query(`DROP TRIGGER test_cases_package_edited_${op} ON test_cases`);
    await q.query(`DROP FUNCTION javelin_problem_tests_edited()`);
    await q.query(`DROP TRIGGER problems_package_edited ON problems`);
    await q.query(`DROP FUNCTION javelin_problem_edited()`);
    await q.query(`ALTER TABLE problems DROP COLUMN package_hash`);
  }
}
