import { isAdminRoles, isSuperAdminRoles } from '@javelin/contracts';

export interface AdminStatus {
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

export const NOT_ADMIN: AdminStatus = { isAdmin: false, isSuperAdmin: false };

export function adminStatusFromRoles(roles: readonly string[]): AdminStatus {
  return { isAdmin: isAdminRoles(roles), isSuperAdmin: isSuperAdminRoles(roles) };
}

/**
 * Spec §4 "Admin status": from the user's roles; when the user carries none, from the user-roles
 * list by userId; when that lookup fails, not an admin.
 */
export async function resolveAdminStatus(
  user: { id: string; roles?: readonly string[] | null },
  lookupUserRoles: () => Promise<ReadonlyArray<{ userId: string; role: string }>>,
): Promise<AdminStatus> {
  if (Array.isArray(user.roles)) return adminStatusFromRoles(user.roles);
  try {
    const records = await lookupUserRoles();
    return adminStatusFromRoles(records.filter((r) => r.userId === user.id).map((r) => r.role));
  } catch (err) {
    console.warn('Admin status check failed', err);
    return NOT_ADMIN;
  }
}

export type StatusLabel = 'Super Admin' | 'Admin' | 'User';

export function statusLabel(status: AdminStatus): StatusLabel {
  if (status.isSuperAdmin) return 'Super Admin';
  if (status.isAdmin) return 'Admin';
  return 'User';
}
