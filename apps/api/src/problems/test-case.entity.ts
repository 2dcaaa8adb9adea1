import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { InteractionLine } from '@javelin/contracts';
import type { Problem } from './problem.entity';

@Entity('test_cases')
export class TestCase {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'problem_id', type: 'uuid' })
  problemId!: string;

  @Column({ type: 'int' })
  position!: number;

  /** A function problem's JSON-encoded map of input variable name to raw value; a stdio problem's raw input text. */
  @Column({ type: 'text' })
  input!: string;

  /** Where a package held it (`secret/group1/03`, without .in): kept so an export writes it back there. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  name!: string | null;

  @Column({ name: 'expected_output', type: 'text' })
  expectedOutput!: string;

  @Column({ name: 'is_example', type: 'boolean', default: false })
  isExample!: boolean;

  /** A hidden test's group on a scoring problem (issue 31); null for examples and all-or-nothing problems. */
  @Column({ name: 'group_name', type: 'varchar', length: 60, nullable: true })
  group!: string | null;

  /** A sample of an interactive or multi-pass problem as a dialogue (its `.interaction` file, issue 42). */
  @Column({ type: 'jsonb', nullable: true })
  interaction!: InteractionLine[] | null;

  /** Its test group's own validator flags (a group's testdata.yaml, issue 42); null: the problem's. */
  @Column({ name: 'validator_flags', type: 'jsonb', nullable: true })
  validatorFlags!: string[] | null;

  /**
   * Its texts' UTF-8 sizes and SHA-256 (hex), computed by the database on every write (migration
   * 1796100000000, issue 42): a judge job refers to a large text by them without reading it.
   */
  @Column({ name: 'input_bytes', type: 'int', insert: false, update: false })
  readonly inputBytes!: number;

  @Column({ name: 'input_sha256', type: 'char', length: 64, insert: false, update: false })
  readonly inputSha256!: string;

  @Column({ name: 'expected_output_bytes', type: 'int', insert: false, update: false })
  readonly expectedOutputBytes!: number;

  @Column({ name: 'expected_output_sha256', type: 'char', length: 64, insert: false, update: false })
  readonly expectedOutputSha256!: string;

  @ManyToOne('Problem', (p: Problem) => p.testCases, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'problem_id' })
  problem?: Problem;
}
