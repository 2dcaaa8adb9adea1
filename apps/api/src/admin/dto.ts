import { IsIn, IsUUID } from 'class-validator';
import { Optional } from '../common/validation';
import { FieldSentences, ROLES, Role } from '@javelin/contracts';

export class GrantRoleDto {
  @IsUUID('all', { message: FieldSentences.uuid('userId') })
  userId!: string;

  @IsIn(ROLES, { message: FieldSentences.oneOf('role', ROLES) })
  role!: Role;
}

export class RejudgeDto {
  @IsUUID('all', { message: FieldSentences.uuid('problemId') })
  problemId!: string;

  /** Left out: the problem's practice submits. */
  @Optional()
  @IsUUID('all', { message: FieldSentences.uuid('contestId') })
  contestId?: string;
}
