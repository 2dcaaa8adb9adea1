import { BadRequestException, Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  checkRequest,
  problemBodySchema,
  problemBodySchemaOf,
  type ClassicProblemFormBody,
  type ProblemFormBody,
} from '@javelin/contracts';
import { AdminOnly, CurrentUser, OptionalAuth } from '../auth/guards';
import { ZodPipe } from '../common/zod';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { ProblemsService } from './problems.service';

/**
 * A problem form: a function problem's or, with `kind: 'stdio'`, a classic one's (issue 29). The OpenAPI
 * document publishes the union; each body is checked by its own kind's schema, in that schema's sentences.
 */
class ProblemBodyPipe extends ZodPipe<typeof problemBodySchema> {
  constructor() {
    super(problemBodySchema);
  }

  override transform(value: unknown): ProblemFormBody | ClassicProblemFormBody {
    const checked = checkRequest(problemBodySchemaOf(value), value);
    if (checked.ok) return checked.data;
    throw new BadRequestException(checked.problems.messages.join('; ') || 'Invalid request body');
  }
}

const ProblemBody = (): ParameterDecorator => Body(new ProblemBodyPipe());

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
  create(@ProblemBody() form: ProblemFormBody | ClassicProblemFormBody, @CurrentUser() author: AuthUser) {
    return this.problems.create(form, author);
  }

  @Put('problems/:id')
  @AdminOnly()
  update(
    @Param('id', uuidParam('id')) id: string,
    @ProblemBody() form: ProblemFormBody | ClassicProblemFormBody,
  ) {
    return this.problems.update(id, form);
  }

  @Delete('problems/:id')
  @AdminOnly()
  remove(@Param('id', uuidParam('id')) id: string) {
    return this.problems.remove(id);
  }
}
