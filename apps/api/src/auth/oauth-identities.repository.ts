import { Injectable } from '@nestjs/common';
import { lockUntilCommit, Tx } from '../common/transactions';
import { OAuthIdentity, OAuthProvider } from './oauth-identity.entity';

/** The oauth_identities table: which Javelin user a provider account signs in as. */
@Injectable()
export class OAuthIdentitiesRepository {
  /** The user a provider account signs in as, or null the first time it is seen. */
  async userOf(provider: OAuthProvider, providerUserId: string, tx: Tx): Promise<string | null> {
    const known = await tx.getRepository(OAuthIdentity).findOne({ where: { provider, providerUserId } });
    return known?.userId ?? null;
  }

  async insert(
    identity: { provider: OAuthProvider; providerUserId: string; userId: string; email: string },
    tx: Tx,
  ): Promise<void> {
    await tx.getRepository(OAuthIdentity).insert(identity);
  }

  /** Concurrent first sign-ins of one provider account wait for each other, so one creates the account. */
  lockIdentity(provider: OAuthProvider, providerUserId: string, tx: Tx): Promise<void> {
    return lockUntilCommit(tx, `javelin:oauth:${provider}:${providerUserId}`);
  }

  /** Likewise for two provider accounts that share one verified address. */
  lockEmail(email: string, tx: Tx): Promise<void> {
    return lockUntilCommit(tx, `javelin:oauth-email:${email.toLowerCase()}`);
  }
}
