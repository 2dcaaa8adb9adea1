import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A problem package's `submissions/<folder>/*.java` (issue 29): the jury's programs, kept to verify the
 * problem (POST /api/problems/:id/verify) and exported back. Admins only, never sent to anyone else.
 */
@Entity('jury_submissions')
export class JurySubmission {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'problem_id', type: 'uuid' })
  problemId!: string;

  /** Its path in the package, e.g. `submissions/accepted/Sol.java`. */
  @Column({ type: 'varchar', length: 300 })
  path!: string;

  @Column({ type: 'text' })
  code!: string;

  /**
   * A program of several files (a folder under `submissions/<verdict>/`, issue 42), paths relative to
   * that folder; `code` is then empty. Null for a single file.
   */
  @Column({ type: 'jsonb', nullable: true })
  files!: { path: string; content: string }[] | null;

  /** The judge's verdicts its folder or its `@EXPECTED_RESULTS@` header allows. */
  @Column({ type: 'jsonb' })
  expected!: string[];
}

/** An image of a problem's statement, served with it (GET /api/problems/:id/images/:name). */
@Entity('problem_images')
export class ProblemImage {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'problem_id', type: 'uuid' })
  problemId!: string;

  /** Its file name as the statement refers to it (a plain name: no folders). */
  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType!: string;

  @Column({ type: 'bytea' })
  data!: Buffer;
}
