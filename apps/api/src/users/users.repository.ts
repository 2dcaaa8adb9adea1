import { ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestPackageMessages, type Role } from '@javelin/contracts';
import { DataSource, QueryFailedError } from 'typeorm';
import { ExpiringCache } from '../common/expiring-cache';
import { AuthUserChanges } from './auth-user-changes';
import { lockUntilCommit, Tx } from '../common/transactions';
import { Profile } from './profile.entity';
import { UserRole } from './user-role.entity';
import { User } from './user.entity';

export interface NewUser {
  email: string;
  username: string;
  fullName: string;
  passwordHash: string | null;
  emailVerified: boolean;
}

/** The signed-in user as guards and services see it. */
export interface AuthUser {
  id: string;
  email: string;
  username: string;
  fullName: string;
  emailVerified: boolean;
  roles: Role[];
}

/** Which unique name a write ran into: another account holds this email or this username. */
export type TakenName = 'email' | 'username' | 'fullName';

/** PostgreSQL's unique_violation: a concurrent write took the name first. */
const UNIQUE_VIOLATION = '23505';

function takenName(error: unknown): TakenName | null {
  if (!(error instanceof QueryFailedError) || (error as { code?: string }).code !== UNIQUE_VIOLATION)
    return null;
  const detail = String((error as { detail?: string }).detail ?? '');
  if (detail.includes('full_name_key')) return 'fullName';
  return detail.includes('username') ? 'username' : 'email';
}

/**
 * The longest a change to a user — its names, roles, token version, the account itself — made
 * elsewhere (another API instance, or straight in SQL) takes to show here; one made through this
 * instance shows at once (every write below empties the cache).
 */
export const AUTH_USER_MAX_AGE_MS = 1000;
/**
 * How long a signed-in request may reuse the user and roles an earlier request of the same token read,
 * while this instance hears PostgreSQL's announcement of every change (AuthUserChanges): each change
 * forgets its user at once. Without the announcements (the listening connection is down or late) a
 * value is reused for AUTH_USER_MAX_AGE_MS at most, as read.
 */
const AUTH_USER_HEARD_MAX_AGE_MS = 10 * 60_000;
/** Entries kept at most (expired ones are dropped first). */
const AUTH_USER_CACHE_SIZE = 20_000;

/** A signed-in request's user with the version its tokens must carry. */
type VersionedAuthUser = AuthUser & { tokenVersion: number };

/** The users, user_roles and new profiles tables: accounts, their names and their roles. */
@Injectable()
export class UsersRepository {
  /**
   * User id -> the user, roles and token version: as read less than AUTH_USER_MAX_AGE_MS ago, or read
   * earlier but no change to them committed until AUTH_USER_MAX_AGE_MS ago (heard up to then).
   */
  private readonly authUsers = new ExpiringCache<string, VersionedAuthUser | null>(
    AUTH_USER_HEARD_MAX_AGE_MS,
    (id) => this.readAuthUser(id),
    AUTH_USER_CACHE_SIZE,
    // Asked on every reuse, so the listener knows it is needed and keeps proving itself.
    (at, now) =>
      this.changes.heardUntil(now) >= now - AUTH_USER_MAX_AGE_MS || now - at < AUTH_USER_MAX_AGE_MS,
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly changes: AuthUserChanges,
  ) {
    changes.onChange({
      changed: (userId) => this.authUsers.forget(userId),
      changedAll: () => this.forgetAuthUsers(),
    });
  }

  /** Every write to users or user_roles calls this (before and after it runs), so this instance never serves a stale user. */
  private forgetAuthUsers(): void {
    this.authUsers.forgetAll();
  }

  /** Runs a write to users or user_roles with the auth cache emptied before and after it. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.forgetAuthUsers();
    try {
      return await write();
    } finally {
      this.forgetAuthUsers();
    }
  }

  /** Emails and usernames match whatever their case. */
  byEmail(email: string, tx: Tx = this.db.manager): Promise<User | null> {
    return tx
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  byUsername(username: string, tx: Tx = this.db.manager): Promise<User | null> {
    return tx
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username: username.trim() })
      .getOne();
  }

  byId(id: string): Promise<User | null> {
    return this.db.getRepository(User).findOne({ where: { id } });
  }

  /**
   * What a signed-in request needs of its user — the account's names and its roles, oldest first —
   * in one narrow query (every signed-in request runs it), or null when the account is gone or the
   * token's version is no longer the account's (its tokens were revoked since it was signed).
   */
  async authUser(id: string, tokenVersion: number): Promise<AuthUser | null> {
    const user = await this.authUsers.get(id);
    if (!user || user.tokenVersion !== tokenVersion) return null;
    const { tokenVersion: _version, ...signedIn } = user;
    return { ...signedIn, roles: [...user.roles] };
  }

  private async readAuthUser(id: string): Promise<VersionedAuthUser | null> {
    const rows: {
      id: string;
      email: string;
      username: string;
      full_name: string;
      email_verified: boolean;
      token_version: number;
      roles: Role[];
    }[] = await this.db.query(
      `SELECT u.id, u.email, u.username, u.full_name, u.email_verified, u.token_version,
              COALESCE(array_agg(r.role ORDER BY r.created_at, r.id) FILTER (WHERE r.id IS NOT NULL), '{}') AS roles
         FROM users u LEFT JOIN user_roles r ON r.user_id = u.id
        WHERE u.id = $1
        GROUP BY u.id`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      fullName: row.full_name,
      emailVerified: row.email_verified,
      roles: row.roles,
      tokenVersion: row.token_version,
    };
  }

  /** Every account with its roles, oldest first. */
  allWithRoles(): Promise<User[]> {
    return this.db.getRepository(User).find({ relations: { roles: true }, order: { createdAt: 'ASC' } });
  }

  /** Whether another account than `exceptUserId` holds `username` (whatever its case). */
  async usernameHeldByAnother(username: string, exceptUserId: string, tx: Tx): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2`,
      [username, exceptUserId],
    );
    return rows.length > 0;
  }

  /** The usernames (lower case) that start with `prefix` (lower case). */
  async usernamesStartingWith(prefix: string, tx: Tx): Promise<Set<string>> {
    const rows: { name: string }[] = await tx.query(
      `SELECT lower(username) AS name FROM users WHERE left(lower(username), $2) = $1`,
      [prefix, prefix.length],
    );
    return new Set(rows.map((r) => r.name));
  }

  /** Inserts the account and its empty profile; the name a concurrent account took first instead. */
  async insert(data: NewUser, tx: Tx): Promise<User | { taken: TakenName }> {
    try {
      const user = await tx
        .getRepository(User)
        .save(tx.getRepository(User).create({ ...data, email: data.email.trim() }));
      await tx.getRepository(Profile).insert({ userId: user.id });
      return user;
    } catch (error) {
      const taken = takenName(error);
      if (taken) return { taken };
      throw error;
    }
  }

  /**
   * Issue 43: an account a contest package brought keeps its username, and a team account its team's
   * name: a change is a 403 (the same names again are no change).
   */
  async refusePackageRename(
    userId: string,
    names: { username: string | null; fullName: string | null },
    tx: Tx,
  ): Promise<void> {
    const [row]: { username: string; full_name: string; account_type: string }[] = await tx.query(
      `SELECT username, full_name, account_type FROM users WHERE id = $1`,
      [userId],
    );
    if (!row || row.account_type === 'person') return;
    const renamed = names.username !== null && names.username.toLowerCase() !== row.username.toLowerCase();
    const retitled = row.account_type === 'team' && names.fullName !== null && names.fullName !== row.full_name;
    if (renamed || retitled) throw new ForbiddenException(ContestPackageMessages.packageAccountKeepsNames);
  }

  /** Sets the username and/or full name (left as they are when null); the username taken first instead. */
  async rename(
    userId: string,
    names: { username: string | null; fullName: string | null },
    tx: Tx,
  ): Promise<'renamed' | { taken: TakenName }> {
    try {
      await this.writing(() =>
        tx.query(
          `UPDATE users SET username = COALESCE($2, username), full_name = COALESCE($3, full_name) WHERE id = $1`,
          [userId, names.username, names.fullName],
        ),
      );
      return 'renamed';
    } catch (error) {
      const taken = takenName(error);
      if (taken) return { taken };
      throw error;
    }
  }

  markEmailVerified(userId: string): Promise<unknown> {
    return this.writing(() => this.db.getRepository(User).update({ id: userId }, { emailVerified: true }));
  }

  /** A new password, which ends every earlier session; the mail that carried its reset link proved the address too. */
  async setPasswordVerifyingEmail(userId: string, passwordHash: string, tx: Tx): Promise<void> {
    await this.writing(() =>
      tx.query(
        `UPDATE users SET password_hash = $2, email_verified = true, token_version = token_version + 1 WHERE id = $1`,
        [userId, passwordHash],
      ),
    );
  }

  /** An address a provider proved: verified, any password set before it was proven dropped, and its sessions ended. */
  async verifyEmailDroppingPassword(userId: string, tx: Tx): Promise<void> {
    await this.writing(() =>
      tx.query(
        `UPDATE users SET email_verified = true, password_hash = NULL, token_version = token_version + 1 WHERE id = $1`,
        [userId],
      ),
    );
  }

  /** Ends every session of these users: tokens signed before carry an older version and are refused. */
  async revokeTokens(userIds: string[], tx: Tx = this.db.manager): Promise<void> {
    await this.writing(() =>
      tx.query(`UPDATE users SET token_version = token_version + 1 WHERE id = ANY($1::uuid[])`, [userIds]),
    );
  }

  /** The version a token signed now carries, or null when the account is gone. */
  async tokenVersion(userId: string): Promise<number | null> {
    const [row]: { token_version: number }[] = await this.db.query(
      `SELECT token_version FROM users WHERE id = $1`,
      [userId],
    );
    return row ? row.token_version : null;
  }

  /** A user's roles in the order they were given. */
  async rolesOf(userId: string, tx: Tx = this.db.manager): Promise<Role[]> {
    const rows = await tx.getRepository(UserRole).find({ where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map((r) => r.role);
  }

  /** Every role record, oldest first, with its user when `withUsers`. */
  roleRecords(withUsers: boolean): Promise<UserRole[]> {
    return this.db
      .getRepository(UserRole)
      .find({ relations: withUsers ? { user: true } : {}, order: { createdAt: 'ASC' } });
  }

  roleRecord(userId: string, role: Role): Promise<UserRole | null> {
    return this.db.getRepository(UserRole).findOne({ where: { userId, role } });
  }

  /** The role records a record id names, or else those of the user with that id. */
  async roleRecordsByRecordOrUser(id: string, tx: Tx): Promise<UserRole[]> {
    const repo = tx.getRepository(UserRole);
    const byRecord = await repo.findOne({ where: { id } });
    return byRecord ? [byRecord] : repo.find({ where: { userId: id } });
  }

  countWithRole(role: Role, tx: Tx = this.db.manager): Promise<number> {
    return tx.getRepository(UserRole).count({ where: { role } });
  }

  grantRole(userId: string, role: Role, tx: Tx = this.db.manager): Promise<UserRole> {
    return this.writing(() =>
      tx.getRepository(UserRole).save(tx.getRepository(UserRole).create({ userId, role })),
    );
  }

  async deleteRoleRecords(ids: string[], tx: Tx): Promise<void> {
    await this.writing(() => tx.getRepository(UserRole).delete(ids));
  }

  /** Role changes one at a time, so two revokes cannot each leave the other's super admin the last. */
  lockRoleChanges(tx: Tx): Promise<void> {
    return lockUntilCommit(tx, 'javelin:roles');
  }

  /** The first super admin is created once, also under concurrent calls. */
  lockFirstSuperAdmin(tx: Tx): Promise<void> {
    return lockUntilCommit(tx, 'javelin:create-super-admin');
  }
}
