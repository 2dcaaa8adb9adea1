export const ROLES = ['admin', 'super_admin'] as const;
/** A granted role. Any other value means a plain user (spec §3 "User-role record"). */
export type Role = (typeof ROLES)[number];

export interface UserRoleRecord {
  _id: string;
  userId: string;
  role: Role;
  user: { fullName: string; email: string };
}

export function isAdminRoles(roles: readonly string[] | undefined): boolean {
  return !!roles && (roles.includes('admin') || roles.includes('super_admin'));
}

export function isSuperAdminRoles(roles: readonly string[] | undefined): boolean {
  return !!roles && roles.includes('super_admin');
}
