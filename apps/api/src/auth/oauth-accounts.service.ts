import { ConflictException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { isReservedUsername, OAuthMessages, withoutHiddenCharacters } from '@javelin/contracts';
import { randomInt } from 'node:crypto';
import { Transactions, Tx } from '../common/transactions';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { USERNAME_MAX, USERNAME_MIN } from './dto';
import { OAuthIdentitiesRepository } from './oauth-identities.repository';
import { OAuthProvider } from './oauth-identity.entity';

/** What a provider vouches for about the person signing in, taken only from verified sources. */
export interface ProviderIdentity {
  provider: OAuthProvider;
  providerUserId: string;
  /** The provider's address for the account; only used when `emailVerified`. */
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  /** Seed for a new account's username: GitHub's login, Google's name. */
  usernameHint: string | null;
}

/** How long a call to Google or GitHub may take before the sign-in is given up. */
export const PROVIDER_TIMEOUT_MS = 10_000;

const PROVIDER_LABELS: Record<OAuthProvider, string> = { google: 'Google', github: 'GitHub' };
const FULL_NAME_MAX = 100;
const FALLBACK_USERNAME = 'user';
/** A username or email taken by a concurrent registration ends the transaction; a fresh attempt sees it. */
const MAX_ATTEMPTS = 3;

/** A sign-in refused for a reason the user can act on; the message is shown as is. */
export class OAuthSignInError extends HttpException {
  constructor(message: string, status = HttpStatus.UNAUTHORIZED) {
    super({ message, success: false }, status);
  }
}

/** Maps provider identities to users: sign in a known identity, link by verified email, or create an account. */
@Injectable()
export class OAuthAccountsService {
  private readonly logger = new Logger('OAuth');

  constructor(
    private readonly identities: OAuthIdentitiesRepository,
    private readonly users: UsersService,
    private readonly accounts: UsersRepository,
    private readonly transactions: Transactions,
  ) {}

  /** Returns the id of the user the identity signs in as. */
  async signIn(identity: ProviderIdentity): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transactions.run((tx) => this.resolve(identity, tx, attempt));
      } catch (error) {
        if (!(error instanceof ConflictException) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async resolve(identity: ProviderIdentity, tx: Tx, attempt: number): Promise<string> {
    const { provider, providerUserId } = identity;
    await this.identities.lockIdentity(provider, providerUserId, tx);
    const known = await this.identities.userOf(provider, providerUserId, tx);
    if (known) return known;

    const email = identity.emailVerified ? identity.email?.trim() : undefined;
    if (!email) throw new OAuthSignInError(OAuthMessages.unverifiedEmail(PROVIDER_LABELS[provider]));
    await this.identities.lockEmail(email, tx);

    const existing = await this.users.findByEmail(email, tx);
    const userId = existing
      ? await this.link(existing, tx)
      : await this.createUser(identity, email, tx, attempt);
    await this.identities.insert({ provider, providerUserId, userId, email }, tx);
    this.logger.log(
      `${provider} identity ${providerUserId} ${existing ? 'linked to' : 'created'} user ${userId}`,
    );
    return userId;
  }

  /**
   * The provider has proven the address, so the account is the signer's. A password set on a never-verified
   * account was not proven by anyone and may be a squatter's, so it is dropped (a reset mail restores one).
   */
  private async link(user: User, tx: Tx): Promise<string> {
    if (!user.emailVerified) await this.accounts.verifyEmailDroppingPassword(user.id, tx);
    return user.id;
  }

  private async createUser(identity: ProviderIdentity, email: string, tx: Tx, attempt: number) {
    const localPart = email.split('@')[0] ?? '';
    const base = usernameBase(identity.usernameHint, localPart);
    // A retry follows a lost race for the name, so it takes a random suffix rather than the next number.
    const username =
      attempt === 1 ? await this.freeUsername(base, tx) : withSuffix(base, randomInt(1000, 100_000));
    const shown = (name: string | null | undefined) => withoutHiddenCharacters(name ?? '');
    const name = shown(identity.displayName) || shown(identity.usernameHint) || username;
    // A retry may follow a display name another account holds: the username tells the two apart.
    const fullName = (
      attempt === 1 ? name : `${name.slice(0, FULL_NAME_MAX - username.length - 3)} (${username})`
    ).slice(0, FULL_NAME_MAX);
    const user = await this.users.create(
      { email, username, fullName, passwordHash: null, emailVerified: true },
      tx,
    );
    return user.id;
  }

  /** `base`, else `base2`, `base3`, … — the first one no account holds (case-insensitively). */
  private async freeUsername(base: string, tx: Tx): Promise<string> {
    const taken = await this.accounts.usernamesStartingWith(
      base.slice(0, USERNAME_MAX - 6).toLowerCase(),
      tx,
    );
    if (!taken.has(base.toLowerCase())) return base;
    for (let n = 2; ; n++) {
      const candidate = withSuffix(base, n);
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  }
}

/** Turns a display name or login into a valid username (USERNAME_PATTERN, 3..32 characters). */
function usernameBase(hint: string | null, fallback: string): string {
  for (const candidate of [hint, fallback]) {
    const slug = slugify(candidate ?? '');
    if (slug.length >= USERNAME_MIN && !isReservedUsername(slug)) return slug;
  }
  return FALLBACK_USERNAME;
}

function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[_.-]+/, '')
    .slice(0, USERNAME_MAX)
    .replace(/[_.-]+$/, '');
}

function withSuffix(base: string, n: number): string {
  const suffix = String(n);
  return `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
}
