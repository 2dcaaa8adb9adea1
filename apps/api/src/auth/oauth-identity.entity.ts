import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type OAuthProvider = 'google' | 'github';

/** A provider account (Google `sub`, GitHub user id) signed in as one Javelin user. */
@Entity('oauth_identities')
export class OAuthIdentity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  provider!: OAuthProvider;

  @Column({ name: 'provider_user_id', type: 'varchar', length: 255 })
  providerUserId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The verified address the provider gave when the identity was first seen. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
