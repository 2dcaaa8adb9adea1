import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import type { Tx } from '../common/transactions';
import { AuthToken, AuthTokenPurpose } from './auth-token.entity';

/** The auth_tokens table: single-use emailed tokens, kept by their hash. */
@Injectable()
export class AuthTokensRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores a new token, first marking any earlier unused one of the same purpose used. */
  async replace(
    token: { userId: string; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date },
    tx: Tx = this.db.manager,
  ): Promise<void> {
    const repo = tx.getRepository(AuthToken);
    await repo.update(
      { userId: token.userId, purpose: token.purpose, usedAt: IsNull() },
      { usedAt: new Date() },
    );
    await repo.insert(token);
  }

  /** Whether a token with this hash is known, unused and unexpired now. */
  isLive(tokenHash: string, purpose: AuthTokenPurpose): Promise<boolean> {
    return this.db
      .getRepository(AuthToken)
      .createQueryBuilder('t')
      .where('t.token_hash = :hash AND t.purpose = :purpose AND t.used_at IS NULL AND t.expires_at > now()', {
        hash: tokenHash,
        purpose,
      })
      .getExists();
  }

  /** The user a token of this hash was issued to, whatever its state (used, expired); null when unknown. */
  async ownerOf(tokenHash: string, purpose: AuthTokenPurpose): Promise<string | null> {
    const token = await this.db.getRepository(AuthToken).findOne({ where: { tokenHash, purpose } });
    return token?.userId ?? null;
  }

  /** Marks the live token used and gives its user id; null when unknown, used or expired. Atomic under races. */
  async consume(
    tokenHash: string,
    purpose: AuthTokenPurpose,
    tx: Tx = this.db.manager,
  ): Promise<string | null> {
    const result = await tx
      .createQueryBuilder()
      .update(AuthToken)
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :hash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()', {
        hash: tokenHash,
        purpose,
      })
      .returning('user_id')
      .execute();
    const rows = result.raw as { user_id: string }[];
    return rows[0]?.user_id ?? null;
  }
}
