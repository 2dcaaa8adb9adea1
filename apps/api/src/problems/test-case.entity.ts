import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Problem } from './problem.entity';

@Entity('test_cases')
export class TestCase {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'problem_id', type: 'uuid' })
  problemId!: string;

  @Column({ type: 'int' })
  position!: number;

  /** The JSON-encoded map of input variable name to raw value. */
  @Column({ type: 'text' })
  input!: string;

  @Column({ name: 'expected_output', type: 'text' })
  expectedOutput!: string;

  @Column({ name: 'is_example', type: 'boolean', default: false })
  isExample!: boolean;

  @ManyToOne('Problem', (p: Problem) => p.testCases, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'problem_id' })
  problem?: Problem;
}
