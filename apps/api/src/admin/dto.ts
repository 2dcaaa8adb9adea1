import { IsIn, IsUUID } from 'class-validator';
import { Optional } from '../common/validation';
import { ROLES, Role } from '@javelin/contracts';

export class GrantRoleDto {
  @IsUUID('all', { message: 'userId must be a UUID' })
  userId!: string;

  @IsIn(ROLES, { message: 'role must be one of: admin, super_admin' })
  role!: Role;
}

export class RejudgeDto {
  @IsUUID('all', { message: 'problemId must be a UUID' })
  problemId!: string;

  /** Left out: the problem's practice submits. */
  @Optional()
  @IsUUID('all', { message: 'contestId must be a UUID' })
  contestId?: string;
}
