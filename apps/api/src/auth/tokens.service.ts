import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { sha256 } from '../common/hash';
import type { Tx } from '../common/transactions';
import { AuthTokenPurpose } from './auth-token.entity';
import { AuthTokensRepository } from './auth-tokens.repository';

const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Single-use emailed tokens: the raw value goes out by mail, only its hash is kept. */
@Injectable()
export class TokensService {
  constructor(private readonly repository: AuthTokensRepository) {}

  /** A new token for `userId`; it replaces any earlier unused one of the same purpose. */
  async issue(userId: string, purpose: AuthTokenPurpose, tx?: Tx): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    await this.repository.replace(
      { userId, purpose, tokenHash: sha256(raw), expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]) },
      tx,
    );
    return raw;
  }

  /** Whether the token could be consumed now (known, unused, unexpired); reads only. */
  isLive(raw: string, purpose: AuthTokenPurpose): Promise<boolean> {
    return this.repository.isLive(sha256(raw), purpose);
  }

  /** The user a token was issued to, used or not; null when unknown. */
  ownerOf(raw: string, purpose: AuthTokenPurpose): Promise<string | null> {
    return this.repository.ownerOf(sha256(raw), purpose);
  }

  /** Marks the token used and returns its user id, or null when unknown, used or expired. Atomic under races. */
  consume(raw: string, purpose: AuthTokenPurpose, tx?: Tx): Promise<string | null> {
    return this.repository.consume(sha256(raw), purpose, tx);
  }
}
