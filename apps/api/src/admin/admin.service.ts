import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { isSuperAdminRoles, Role, ServerMessages, ServerSentences, UserRoleRecord } from '@javelin/contracts';
import { Transactions, Tx } from '../common/transactions';
import { SessionEvents } from '../users/session-events.service';
import { UserRole } from '../users/user-role.entity';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AuthUser, toUserDto, UsersService } from '../users/users.service';

@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: UsersRepository,
    private readonly transactions: Transactions,
    private readonly sessions: SessionEvents,
  ) {}

  async allUsers() {
    const users = await this.accounts.allWithRoles();
    return users.map((u) =>
      toUserDto(
        u,
        (u.roles ?? []).map((r) => r.role),
      ),
    );
  }

  /** Every admin and super admin role record, with the user's name and email. */
  async adminUsers(): Promise<UserRoleRecord[]> {
    return (await this.accounts.roleRecords(true)).map(toRecord);
  }

  async userRoles(): Promise<{ userId: string; role: Role }[]> {
    const rows = await this.accounts.roleRecords(false);
    return rows.map((r) => ({ userId: r.userId, role: r.role }));
  }

  async grant(actor: AuthUser, userId: string, role: Role): Promise<UserRoleRecord> {
    assertMayManage(actor, role);
    const user = await this.users.requireById(userId);
    if (await this.accounts.roleRecord(userId, role))
      throw new ConflictException(ServerSentences.alreadyHasRole(role));
    const saved = await this.accounts.grantRole(userId, role);
    // The user's open streams reopen with the new role (their tokens stay valid: nothing was taken away).
    await this.sessions.changed(userId);
    return toRecord({ ...saved, user });
  }

  /**
   * Revokes a role record (or, given a user id, every role the actor may manage); never the last super
   * admin. The user's sessions end with it: tokens signed while they held the role are refused, and their open streams close.
   */
  async revoke(actor: AuthUser, id: string): Promise<{ success: true; message: string }> {
    const userIds = await this.transactions.run(async (tx) => {
      await this.accounts.lockRoleChanges(tx);
      const targets = await this.accounts.roleRecordsByRecordOrUser(id, tx);
      if (targets.length === 0) throw new NotFoundException(ServerMessages.roleAssignmentNotFound);
      for (const target of targets) assertMayManage(actor, target.role);
      if (targets.some((t) => t.role === 'super_admin')) await this.assertNotLastSuperAdmin(tx, targets);
      await this.accounts.deleteRoleRecords(
        targets.map((t) => t.id),
        tx,
      );
      const holders = [...new Set(targets.map((t) => t.userId))];
      await this.accounts.revokeTokens(holders, tx);
      return holders;
    });
    await this.sessions.changed(...userIds);
    return { success: true, message: ServerMessages.roleRemoved };
  }

  private async assertNotLastSuperAdmin(tx: Tx, removing: UserRole[]): Promise<void> {
    const total = await this.accounts.countWithRole('super_admin', tx);
    const removed = removing.filter((r) => r.role === 'super_admin').length;
    if (total - removed < 1) throw new ConflictException(ServerMessages.lastSuperAdmin);
  }
}

function assertMayManage(actor: AuthUser, role: Role): void {
  if (role === 'super_admin' && !isSuperAdminRoles(actor.roles)) {
    throw new ForbiddenException(ServerMessages.onlySuperAdminsGrantSuperAdmin);
  }
}

function toRecord(row: UserRole & { user?: User }): UserRoleRecord {
  return {
    _id: row.id,
    userId: row.userId,
    role: row.role,
    user: { fullName: row.user?.fullName ?? '', email: row.user?.email ?? '' },
  };
}
