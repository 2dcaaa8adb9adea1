import type { ExecutionResult, GroupResult } from '@javelin/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The server's own verdict on one run or submit of one piece of code. */
@Entity('judgements')
export class Judgement {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'problem_id', type: 'uuid' })
  problemId!: string;

  /** The live contest the try counts in; null for practice, also practice or a virtual run through a contest. */
  @Column({ name: 'contest_id', type: 'uuid', nullable: true })
  contestId!: string | null;

  /** The ended contest whose page a practice or virtual-run try came through (contestId stays null). */
  @Column({ name: 'via_contest_id', type: 'uuid', nullable: true })
  viaContestId!: string | null;

  /** The virtual run the try counts in. */
  @Column({ name: 'virtual_run_id', type: 'uuid', nullable: true })
  virtualRunId!: string | null;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  /** True when every test of the problem ran (a submit), false for a run of the examples. */
  @Column({ name: 'all_tests', type: 'boolean' })
  allTests!: boolean;

  @Column({ type: 'varchar', length: 32 })
  verdict!: string;

  @Column({ name: 'passed_count', type: 'int' })
  passedCount!: number;

  @Column({ name: 'total_count', type: 'int' })
  totalCount!: number;

  @Column({ name: 'max_time_ms', type: 'int', default: 0 })
  maxTimeMs!: number;

  /** The judged code, kept for submits only (runs of the examples are not history). */
  @Column({ type: 'text', nullable: true })
  code!: string | null;

  /** Per-test results as the submitter was shown them (hidden tests already masked for non-admins). */
  @Column({ type: 'jsonb', nullable: true })
  results!: ExecutionResult[] | null;

  @Column({ name: 'compile_error', type: 'text', nullable: true })
  compileError!: string | null;

  /** A scoring problem's submit (issue 31): the earned groups' points; null on an all-or-nothing problem. */
  @Column({ type: 'int', nullable: true })
  score!: number | null;

  /** A scoring problem's submit: each group's result, in order. */
  @Column({ type: 'jsonb', nullable: true })
  groups!: GroupResult[] | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
