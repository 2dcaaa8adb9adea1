import { rejudgeSchema, grantRoleSchema } from '@javelin/contracts';
import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AdminOnly, CurrentUser } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { AdminService } from './admin.service';
import { GrantRoleDto, RejudgeDto } from './dto';
import { RejudgeService } from './rejudge.service';
import { ZodBody } from '../common/zod';

@Controller('admin')
@AdminOnly()
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly rejudges: RejudgeService,
  ) {}

  /** Rejudges every submit of a problem (in a contest, or in practice) in the background: 202 with the job's id. */
  @Post('rejudge')
  @HttpCode(202)
  rejudge(@CurrentUser() actor: AuthUser, @ZodBody(rejudgeSchema) dto: RejudgeDto) {
    return this.rejudges.start(dto.problemId, dto.contestId, actor);
  }

  @Get('rejudge/:jobId')
  rejudgeProgress(@Param('jobId', uuidParam('jobId')) jobId: string) {
    return this.rejudges.progress(jobId);
  }

  @Get('all-users')
  allUsers() {
    return this.admin.allUsers();
  }

  @Get('users')
  adminUsers() {
    return this.admin.adminUsers();
  }

  @Get('user-roles')
  userRoles() {
    return this.admin.userRoles();
  }

  @Post('users')
  grant(@CurrentUser() actor: AuthUser, @ZodBody(grantRoleSchema) dto: GrantRoleDto) {
    return this.admin.grant(actor, dto.userId, dto.role);
  }

  @Delete('users/:id')
  revoke(@CurrentUser() actor: AuthUser, @Param('id', uuidParam('id')) id: string) {
    return this.admin.revoke(actor, id);
  }
}
