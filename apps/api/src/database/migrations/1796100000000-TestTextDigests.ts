import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 42: a judge job carries a large test's input or answer as the SHA-256 of its UTF-8 bytes, and
 * the API used to read every test's whole text (a real problem's 72 MB) and hash it to build each job.
 * Each test now keeps its texts' size and SHA-256 beside them, so a job is built from these and only
 * small texts are read. The database computes them on every insert or change of a text (a trigger):
 * no write path, present or future, can leave them out or stale; nobody else may set them.
 */
export class TestTextDigests1796100000000 implements MigrationInterface {
  name = 'TestTextDigests1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE test_cases ADD COLUMN input_bytes int, ADD COLUMN input_sha256 char(64),
         ADD COLUMN expected_output_bytes int, ADD COLUMN expected_output_sha256 char(64)`,
    );
    // Filling the existing rows is no edit of their tests: a problem keeps its package identity (1796025427000).
    await q.query(`ALTER TABLE test_cases DISABLE TRIGGER test_cases_package_edited_update`);
    await q.query(
      `UPDATE test_cases SET
         input_bytes = octet_length(input),
         input_sha256 = encode(sha256(convert_to(input, 'UTF8')), 'hex'),
         expected_output_bytes = octet_length(expected_output),
         expected_output_sha256 = encode(sha256(convert_to(expected_output, 'UTF8')), 'hex')`,
    );
    await q.query(`ALTER TABLE test_cases ENABLE TRIGGER test_cases_package_edited_update`);
    await q.query(
      `ALTER TABLE test_cases ALTER COLUMN input_bytes SET NOT NULL, ALTER COLUMN input_sha256 SET NOT NULL,
         ALTER COLUMN expected_output_bytes SET NOT NULL, ALTER COLUMN expected_output_sha256 SET NOT NULL`,
    );
    await q.query(`
      CREATE FUNCTION javelin_test_texts_measured() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.input_bytes := octet_length(NEW.input);
        NEW.input_sha256 := encode(sha256(convert_to(NEW.input, 'UTF8')), 'hex');
        NEW.expected_output_bytes := octet_length(NEW.expected_output);
        NEW.expected_output_sha256 := encode(sha256(convert_to(NEW.expected_output, 'UTF8')), 'hex');
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER test_cases_texts_measured BEFORE INSERT OR UPDATE ON test_cases
        FOR EACH ROW EXECUTE FUNCTION javelin_test_texts_measured()`);
    // A job's reference whose bytes left Redis is put back from whichever test holds those bytes.
    await q.query(`CREATE INDEX test_cases_input_sha256 ON test_cases (input_sha256)`);
    await q.query(`CREATE INDEX test_cases_expected_output_sha256 ON test_cases (expected_output_sha256)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER test_cases_texts_measured ON test_cases`);
    await q.query(`DROP FUNCTION javelin_test_texts_measured()`);
    await q.query(
      `ALTER TABLE test_cases DROP COLUMN input_bytes, DROP COLUMN input_sha256,
         DROP COLUMN expected_output_bytes, DROP COLUMN expected_output_sha256`,
    );
  }
}
