import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isSuperAdminRoles, Role, ServerMessages, ServerSentences, UserRoleRecord } from '@javelin/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { UserRole } from '../users/user-role.entity';
import { User } from '../users/user.entity';
import { AuthUser, toUserDto, UsersService } from '../users/users.service';

@Injectable()
export class AdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersService,
  ) {}

  async allUsers() {
    const users = await this.db
      .getRepository(User)
      .find({ relations: { roles: true }, order: { createdAt: 'ASC' } });
    return users.map((u) =>
      toUserDto(
        u,
        (u.roles ?? []).map((r) => r.role),
      ),
    );
  }

  /** Every admin and super admin role record, with the user's name and email. */
  async adminUsers(): Promise<UserRoleRecord[]> {
    const rows = await this.db
      .getRepository(UserRole)
      .find({ relations: { user: true }, order: { createdAt: 'ASC' } });
    return rows.map(toRecord);
  }

  async userRoles(): Promise<{ userId: string; role: Role }[]> {
    const rows = await this.db.getRepository(UserRole).find({ order: { createdAt: 'ASC' } });
    return rows.map((r) => ({ userId: r.userId, role: r.role }));
  }

  async grant(actor: AuthUser, userId: string, role: Role): Promise<UserRoleRecord> {
    assertMayManage(actor, role);
    const user = await this.users.requireById(userId);
    const existing = await this.db.getRepository(UserRole).findOne({ where: { userId, role } });
    if (existing) throw new ConflictException(ServerSentences.alreadyHasRole(role));
    const saved = await this.db.getRepository(UserRole).save({ userId, role });
    return toRecord({ ...saved, user });
  }

  /** Revokes a role record (or, given a user id, every role the actor may manage); never the last super admin. */
  async revoke(actor: AuthUser, id: string): Promise<{ success: true; message: string }> {
    await this.db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('javelin:roles'))`);
      const repo = m.getRepository(UserRole);
      const byRecord = await repo.findOne({ where: { id } });
      const targets = byRecord ? [byRecord] : await repo.find({ where: { userId: id } });
      if (targets.length === 0) throw new NotFoundException(ServerMessages.roleAssignmentNotFound);
      for (const target of targets) assertMayManage(actor, target.role);
      if (targets.some((t) => t.role === 'super_admin')) await assertNotLastSuperAdmin(m, targets);
      await repo.delete(targets.map((t) => t.id));
    });
    return { success: true, message: ServerMessages.roleRemoved };
  }
}

function assertMayManage(actor: AuthUser, role: Role): void {
  if (role === 'super_admin' && !isSuperAdminRoles(actor.roles)) {
    throw new ForbiddenException(ServerMessages.onlySuperAdminsGrantSuperAdmin);
  }
}

async function assertNotLastSuperAdmin(m: EntityManager, removing: UserRole[]): Promise<void> {
  const total = await m.getRepository(UserRole).count({ where: { role: 'super_admin' } });
  const removed = removing.filter((r) => r.role === 'super_admin').length;
  if (total - removed < 1) throw new ConflictException(ServerMessages.lastSuperAdmin);
}

function toRecord(row: UserRole & { user?: User }): UserRoleRecord {
  return {
    _id: row.id,
    userId: row.userId,
    role: row.role,
    user: { fullName: row.user?.fullName ?? '', email: row.user?.email ?? '' },
  };
}
