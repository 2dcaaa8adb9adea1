import { Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { problemFormSchema, type ProblemFormBody } from '@javelin/contracts';
import { AdminOnly, CurrentUser, OptionalAuth } from '../auth/guards';
import { SharedBody } from '../common/shared-body';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { ProblemsService } from './problems.service';

@Controller()
export class ProblemsController {
  constructor(private readonly problems: ProblemsService) {}

  @Get('problems')
  @OptionalAuth()
  list(@CurrentUser() viewer?: AuthUser) {
    return this.problems.listVisible(viewer);
  }

  @Get('problems/:id')
  @OptionalAuth()
  get(@Param('id', uuidParam('id')) id: string, @CurrentUser() viewer?: AuthUser) {
    return this.problems.viewProblem(id, viewer);
  }

  @Get('problems/:id/test-cases')
  @OptionalAuth()
  testCases(@Param('id', uuidParam('id')) id: string, @CurrentUser() viewer?: AuthUser) {
    return this.problems.testCasesFor(id, viewer, false);
  }

  @Get('problems/:id/test-cases/all')
  @AdminOnly()
  allTestCases(@Param('id', uuidParam('id')) id: string, @CurrentUser() viewer: AuthUser) {
    return this.problems.testCasesFor(id, viewer, true);
  }

  @Get('admin/problems')
  @AdminOnly()
  adminList() {
    return this.problems.listAll();
  }

  @Post('problems')
  @AdminOnly()
  create(@SharedBody(problemFormSchema) form: ProblemFormBody, @CurrentUser() author: AuthUser) {
    return this.problems.create(form, author);
  }

  @Put('problems/:id')
  @AdminOnly()
  update(@Param('id', uuidParam('id')) id: string, @SharedBody(problemFormSchema) form: ProblemFormBody) {
    return this.problems.update(id, form);
  }

  @Delete('problems/:id')
  @AdminOnly()
  remove(@Param('id', uuidParam('id')) id: string) {
    return this.problems.remove(id);
  }
}
