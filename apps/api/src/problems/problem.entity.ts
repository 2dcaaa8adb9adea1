import type {
  TimeLimitBasis,
  Interaction,
  InteractionLine,
  CheckerName,
  CustomOutputValidator,
  Difficulty,
  InputVariable,
  ProblemKind,
  ProblemReturnType,
  TestGroup,
} from '@javelin/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { TestCase } from './test-case.entity';

@Entity('problems')
export class Problem {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text', default: '' })
  constraints!: string;

  @Column({ type: 'varchar', length: 10, default: 'easy' })
  difficulty!: Difficulty;

  @Column({ type: 'int', default: 10 })
  points!: number;

  @Column({ name: 'input_variables', type: 'jsonb', default: () => `'[]'` })
  inputVariables!: InputVariable[];

  @Column({ name: 'function_name', type: 'varchar', length: 100 })
  functionName!: string;

  @Column({ name: 'return_type', type: 'varchar', length: 10, default: 'int' })
  returnType!: ProblemReturnType;

  @Column({ name: 'boilerplate_code', type: 'text', default: '' })
  boilerplateCode!: string;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  tags!: string[];

  @Column({ name: 'is_visible', type: 'boolean', default: true })
  isVisible!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'exact' })
  checker!: CheckerName;

  /** The 'float' checker's tolerance; null means DEFAULT_FLOAT_TOLERANCE. */
  @Column({ type: 'double precision', nullable: true })
  tolerance!: number | null;

  @Column({ name: 'checker_code', type: 'text', nullable: true })
  checkerCode!: string | null;

  /** The author's Java solution: for admins and the judge only, never sent to anyone else. */
  @Column({ name: 'reference_solution', type: 'text', nullable: true })
  referenceSolution!: string | null;

  /** 'function' (the spec's signature problems) or 'stdio' (a whole program on raw stdin, issue 29). */
  @Column({ type: 'varchar', length: 10, default: 'function' })
  kind!: ProblemKind;

  /** A stdio problem's time limit per test (before the deployment's time scale); null: the deployment's. */
  @Column({ name: 'time_limit_ms', type: 'int', nullable: true })
  timeLimitMs!: number | null;

  @Column({ name: 'memory_limit_mb', type: 'int', nullable: true })
  memoryLimitMb!: number | null;

  /** A stdio problem's validator_flags (default validator options, or a custom validator's arguments). */
  @Column({ name: 'validator_flags', type: 'jsonb', default: () => `'[]'` })
  validatorFlags!: string[];

  /** A stdio problem's custom output validator (C++ or Java sources): admins and the judge only. */
  @Column({ name: 'output_validator', type: 'jsonb', nullable: true })
  outputValidator!: CustomOutputValidator | null;

  /** How a stdio problem's program meets its validator (issue 42): 'none', 'interactive' or 'multi-pass'. */
  @Column({ type: 'varchar', length: 12, default: 'none' })
  interaction!: Interaction;

  /** A multi-pass problem's most passes (problem.yaml limits.validation_passes); null otherwise. */
  @Column({ name: 'validation_passes', type: 'int', nullable: true })
  validationPasses!: number | null;

  /** How the time limit was set from the jury when the package stated none (issue 42); admins only. */
  @Column({ name: 'time_limit_basis', type: 'jsonb', nullable: true })
  timeLimitBasis!: TimeLimitBasis | null;

  /** Sample dialogues without a test of their own (`.interaction` files alone): shown, never judged. */
  @Column({ name: 'sample_interactions', type: 'jsonb', default: () => `'[]'` })
  sampleInteractions!: InteractionLine[][];

  /** The subtasks of a scoring problem, in order (issue 31); empty: all-or-nothing. */
  @Column({ name: 'test_groups', type: 'jsonb', default: () => `'[]'` })
  testGroups!: TestGroup[];

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany('TestCase', (tc: TestCase) => tc.problem)
  testCases?: TestCase[];
}
