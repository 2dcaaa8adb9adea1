import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('submissions')
export class Submission {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'problem_id', type: 'uuid' })
  problemId!: string;

  @Column({ name: 'contest_id', type: 'uuid', nullable: true })
  contestId!: string | null;

  @Column({ name: 'judgement_id', type: 'uuid', nullable: true })
  judgementId!: string | null;

  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'varchar', length: 16 })
  language!: string;

  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'test_cases_passed', type: 'int' })
  testCasesPassed!: number;

  @Column({ name: 'total_test_cases', type: 'int' })
  totalTestCases!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
