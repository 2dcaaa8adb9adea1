import { ContestFormat, DEFAULT_PENALTY_MINUTES } from '@javelin/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('contests')
export class Contest {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ name: 'start_time', type: 'timestamptz' })
  startTime!: Date;

  @Column({ name: 'end_time', type: 'timestamptz' })
  endTime!: Date;

  @Column({ name: 'max_participants', type: 'int', default: 100 })
  maxParticipants!: number;

  @Column({ name: 'participant_count', type: 'int', default: 0 })
  participantCount!: number;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'varchar', length: 10, default: 'points' })
  format!: ContestFormat;

  @Column({ name: 'penalty_minutes', type: 'int', default: DEFAULT_PENALTY_MINUTES })
  penaltyMinutes!: number;

  @Column({ name: 'freeze_minutes', type: 'int', default: 0 })
  freezeMinutes!: number;

  /** Set when an admin revealed the frozen standings. */
  @Column({ name: 'unfrozen_at', type: 'timestamptz', nullable: true })
  unfrozenAt!: Date | null;

  /** Issue 47: AI help on this contest's problems for its participants while it runs (off by default). */
  @Column({ name: 'allow_ai_help', type: 'boolean', default: false })
  allowAiHelp!: boolean;

  /** Set once, when ratings were applied. */
  @Column({ name: 'finalized_at', type: 'timestamptz', nullable: true })
  finalizedAt!: Date | null;
}

/** True while others' results after the freeze stay hidden: the contest has a freeze not yet lifted. */
export function isFrozen(contest: Pick<Contest, 'freezeMinutes' | 'unfrozenAt'>): boolean {
  return contest.freezeMinutes > 0 && contest.unfrozenAt === null;
}

/** The moment the standings freeze: freezeMinutes before the end. */
export function freezeTimeOf(contest: Pick<Contest, 'freezeMinutes' | 'endTime'>): Date | null {
  return contest.freezeMinutes > 0
    ? new Date(contest.endTime.getTime() - contest.freezeMinutes * 60_000)
    : null;
}
