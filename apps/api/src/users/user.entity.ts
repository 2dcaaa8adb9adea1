import { Column, CreateDateColumn, Entity, OneToMany, OneToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Profile } from './profile.entity';
import type { UserRole } from './user-role.entity';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 32 })
  username!: string;

  @Column({ name: 'full_name', type: 'varchar', length: 100 })
  fullName!: string;

  /** Null for accounts created through an OAuth provider. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified!: boolean;

  /** Tokens signed under an older version are refused: a reset, a role removal or a logout moves it on. */
  @Column({ name: 'token_version', type: 'int', default: 0 })
  tokenVersion!: number;

  /** `person` signs in with an e-mail; a contest package's `team`, `judge` and `admin` with the username (issue 43). */
  @Column({ name: 'account_type', type: 'varchar', length: 10, default: 'person' })
  accountType!: 'person' | 'team' | 'judge' | 'admin';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @OneToMany('UserRole', (role: UserRole) => role.user)
  roles?: UserRole[];

  @OneToOne('Profile', (profile: Profile) => profile.user)
  profile?: Profile;
}
