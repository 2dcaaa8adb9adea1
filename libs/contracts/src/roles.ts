import { z } from 'zod';
import { ResponseSchemas } from './response-rules';
export const ROLES = ['admin', 'super_admin'] as const;
/** A granted role. Any other value means a plain user (spec §3 "User-role record"). */
export type Role = (typeof ROLES)[number];

export const roleSchema = z.enum(ROLES).register(ResponseSchemas, { id: 'Role' });

/** A granted role with its user (GET /api/admin/users). */
export const userRoleRecordSchema = z
  .object({
    _id: z.string(),
    userId: z.string(),
    role: roleSchema,
    user: z.object({ fullName: z.string(), email: z.string() }),
  })
  .register(ResponseSchemas, { id: 'UserRoleRecord' });
export type UserRoleRecord = z.infer<typeof userRoleRecordSchema>;

/** GET /api/admin/user-roles: every granted role, by user. */
export const userRoleSchema = z.object({ userId: z.string(), role: roleSchema });

export function isAdminRoles(roles: readonly string[] | undefined): boolean {
  return !!roles && (roles.includes('admin') || roles.includes('super_admin'));
}

export function isSuperAdminRoles(roles: readonly string[] | undefined): boolean {
  return !!roles && roles.includes('super_admin');
}
