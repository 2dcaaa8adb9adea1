import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { solveSchema, submissionSchema } from '@javelin/contracts';
import { Authenticated, CurrentUser } from '../auth/guards';
import type { AuthUser } from '../users/users.service';
import { ZodBody } from '../common/zod';
import type { SolveDto, SubmissionDto } from './dto';
import { SubmissionsService } from './submissions.service';

@Controller()
@Authenticated()
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Post('submissions')
  create(@CurrentUser() user: AuthUser, @ZodBody(submissionSchema) dto: SubmissionDto) {
    return this.submissions.create(user, dto);
  }

  @Post('solve')
  @HttpCode(200)
  solve(@CurrentUser() user: AuthUser, @ZodBody(solveSchema) dto: SolveDto) {
    return this.submissions.solve(user, dto);
  }

  @Get('solved-problems')
  solved(@CurrentUser() user: AuthUser) {
    return this.submissions.solvedProblems(user.id);
  }
}
