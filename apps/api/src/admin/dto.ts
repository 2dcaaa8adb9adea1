import { IsIn, IsUUID } from 'class-validator';
import { ROLES, Role } from '@javelin/contracts';

export class GrantRoleDto {
  @IsUUID('all', { message: 'userId must be a UUID' })
  userId!: string;

  @IsIn(ROLES, { message: 'role must be one of: admin, super_admin' })
  role!: Role;
}
