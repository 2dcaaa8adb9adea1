import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('solved_problems')
export class SolvedProblem {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'problem_id', type: 'uuid' })
  problemId!: string;

  @Column({ name: 'contest_id', type: 'uuid', nullable: true })
  contestId!: string | null;

  @Column({ name: 'submission_id', type: 'uuid', nullable: true })
  submissionId!: string | null;

  @Column({ type: 'int' })
  points!: number;

  @Column({ name: 'solved_at', type: 'timestamptz', default: () => 'now()' })
  solvedAt!: Date;
}
