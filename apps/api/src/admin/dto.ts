/** The admin routes' bodies, checked by their schemas in libs/contracts (admin.ts). */
export type { GrantRoleBody as GrantRoleDto, RejudgeBody as RejudgeDto } from '@javelin/contracts';
