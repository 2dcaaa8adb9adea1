import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { User } from './user.entity';

@Entity('profiles')
export class Profile {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text', default: '' })
  bio!: string;

  @Column({ name: 'preferred_language', type: 'varchar', length: 50, default: 'Java' })
  preferredLanguage!: string;

  @Column({ name: 'total_score', type: 'int', default: 0 })
  totalScore!: number;

  @Column({ name: 'problems_solved', type: 'int', default: 0 })
  problemsSolved!: number;

  @Column({ type: 'int', default: 1500 })
  rating!: number;

  @Column({ name: 'contests_participated', type: 'int', default: 0 })
  contestsParticipated!: number;

  @OneToOne('User', (user: User) => user.profile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
}
