import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isAdminRoles, isSuperAdminRoles, Role, ServerMessages, User as UserDto } from '@javelin/contracts';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
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

@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  findByEmail(email: string, manager: EntityManager = this.db.manager): Promise<User | null> {
    return manager
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  findByUsername(username: string, manager: EntityManager = this.db.manager): Promise<User | null> {
    return manager
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username: username.trim() })
      .getOne();
  }

  findById(id: string): Promise<User | null> {
    return this.db.getRepository(User).findOne({ where: { id } });
  }

  async requireById(id: string): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundException(ServerMessages.userNotFound);
    return user;
  }

  async rolesOf(userId: string, manager: EntityManager = this.db.manager): Promise<Role[]> {
    const rows = await manager
      .getRepository(UserRole)
      .find({ where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map((r) => r.role);
  }

  async authUser(id: string): Promise<AuthUser | null> {
    const user = await this.findById(id);
    if (!user) return null;
    return { ...pickAuth(user), roles: await this.rolesOf(id) };
  }

  /** Creates the user and their profile in one transaction; a taken email or username is a 409. */
  async create(data: NewUser, manager?: EntityManager): Promise<User> {
    const run = async (m: EntityManager) => {
      if (await this.findByEmail(data.email, m)) throw new ConflictException(ServerMessages.userExists);
      if (await this.findByUsername(data.username, m))
        throw new ConflictException(ServerMessages.usernameTaken);
      const user = await m
        .getRepository(User)
        .save(m.getRepository(User).create({ ...data, email: data.email.trim() }));
      await m.getRepository(Profile).insert({ userId: user.id });
      return user;
    };
    try {
      return manager ? await run(manager) : await this.db.transaction(run);
    } catch (error) {
      // Two registrations racing past the checks meet the unique indexes instead.
      if (error instanceof QueryFailedError && (error as { code?: string }).code === '23505') {
        const detail = String((error as { detail?: string }).detail ?? '');
        throw new ConflictException(
          detail.includes('username') ? ServerMessages.usernameTaken : ServerMessages.userExists,
        );
      }
      throw error;
    }
  }
}

function pickAuth(user: User): Omit<AuthUser, 'roles'> {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    fullName: user.fullName,
    emailVerified: user.emailVerified,
  };
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
