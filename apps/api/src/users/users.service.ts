import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  isAdminRoles,
  isSuperAdminRoles,
  Role,
  ServerMessages,
  TextSentences,
  User as UserDto,
} from '@javelin/contracts';
import { Transactions, Tx } from '../common/transactions';
import { User } from './user.entity';
import { AuthUser, NewUser, TakenName, UsersRepository } from './users.repository';

export type { AuthUser, NewUser };

const TAKEN_SENTENCES: Record<TakenName, string> = {
  email: ServerMessages.userExists,
  username: ServerMessages.usernameTaken,
  fullName: TextSentences.fullNameTaken,
};

/** The one place that says a name is taken: an email by another account, a username, or a display name (issue 47). */
function nameTaken(name: TakenName): ConflictException {
  return new ConflictException(TAKEN_SENTENCES[name]);
}

@Injectable()
export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly transactions: Transactions,
  ) {}

  findByEmail(email: string, tx?: Tx): Promise<User | null> {
    return this.repository.byEmail(email, tx);
  }

  findById(id: string): Promise<User | null> {
    return this.repository.byId(id);
  }

  async requireById(id: string): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundException(ServerMessages.userNotFound);
    return user;
  }

  rolesOf(userId: string, tx?: Tx): Promise<Role[]> {
    return this.repository.rolesOf(userId, tx);
  }

  /** The signed-in user, or null when the account is gone or the token's version was revoked. */
  authUser(id: string, tokenVersion: number): Promise<AuthUser | null> {
    return this.repository.authUser(id, tokenVersion);
  }

  /** Creates the user and their profile in one transaction (or in `tx`); a taken email or username is a 409. */
  async create(data: NewUser, tx?: Tx): Promise<User> {
    const run = async (t: Tx) => {
      if (await this.repository.byEmail(data.email, t)) throw nameTaken('email');
      if (await this.repository.byUsername(data.username, t)) throw nameTaken('username');
      // Two registrations racing past the checks meet the unique indexes instead.
      const created = await this.repository.insert(data, t);
      if ('taken' in created) throw nameTaken(created.taken);
      return created;
    };
    return tx ? run(tx) : this.transactions.run(run);
  }

  /** A new username and/or full name (null keeps one), inside `tx`; a username another account holds is a 409. */
  async rename(userId: string, names: { username: string | null; fullName: string | null }, tx: Tx) {
    await this.repository.refusePackageRename(userId, names, tx);
    if (names.username !== null && (await this.repository.usernameHeldByAnother(names.username, userId, tx)))
      throw nameTaken('username');
    const renamed = await this.repository.rename(userId, names, tx);
    if (renamed !== 'renamed') throw nameTaken(renamed.taken);
  }
}

export function toUserDto(user: Omit<AuthUser, 'roles'>, roles: readonly string[]): UserDto {
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    username: user.username,
    fullName: user.fullName,
    roles: [...roles],
    isAdmin: isAdminRoles(roles),
    isSuperAdmin: isSuperAdminRoles(roles),
    emailVerified: user.emailVerified,
  };
}
