import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { AuthToken, AuthTokenPurpose } from './auth-token.entity';

const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Single-use emailed tokens: the raw value goes out by mail, only its hash is kept. */
@Injectable()
export class TokensService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async issue(
    userId: string,
    purpose: AuthTokenPurpose,
    manager: EntityManager = this.db.manager,
  ): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    // A new token replaces any earlier unused one of the same purpose.
    await manager
      .getRepository(AuthToken)
      .update({ userId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
    await manager.getRepository(AuthToken).insert({
      userId,
      purpose,
      tokenHash: sha256(raw),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
    });
    return raw;
  }

  /** Whether the token could be consumed now (known, unused, unexpired); reads only. */
  async isLive(raw: string, purpose: AuthTokenPurpose): Promise<boolean> {
    return this.db
      .getRepository(AuthToken)
      .createQueryBuilder('t')
      .where('t.token_hash = :hash AND t.purpose = :purpose AND t.used_at IS NULL AND t.expires_at > now()', {
        hash: sha256(raw),
        purpose,
      })
      .getExists();
  }

  /** Marks the token used and returns its user id, or null when unknown, used or expired. Atomic under races. */
  async consume(
    raw: string,
    purpose: AuthTokenPurpose,
    manager: EntityManager = this.db.manager,
  ): Promise<string | null> {
    const result = await manager
      .createQueryBuilder()
      .update(AuthToken)
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :hash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()', {
        hash: sha256(raw),
        purpose,
      })
      .returning('user_id')
      .execute();
    const rows = result.raw as { user_id: string }[];
    return rows[0]?.user_id ?? null;
  }
}
