import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { executeCodeSchema, runCustomSchema } from '@javelin/contracts';
import type { Request } from 'express';
import { CurrentUser, JwtAuthGuard } from '../auth/guards';
import { JudgingBudget } from '../common/rate-limit';
import { ZodBody } from '../common/zod';
import type { AuthUser } from '../users/users.service';
import type { ExecuteCodeDto, RunCustomDto } from './dto';
import { JudgeBacklogGuard } from './judge-backlog.guard';
import { JudgementsService } from './judgements.service';

/** POST /api/execute-code (a run or a submit, judged and recorded) and POST /api/run-custom (the caller's own input). */
@Controller()
export class ExecutionController {
  constructor(private readonly judgements: JudgementsService) {}

  @Post('execute-code')
  @HttpCode(200)
  // A full judge queue refuses first (503, Retry-After: nothing else is done); then signed in, then counted
  // against the user's judging budget, runs and submits together (a 429 with Retry-After past it).
  @UseGuards(JudgeBacklogGuard, JwtAuthGuard)
  @JudgingBudget()
  execute(
    @CurrentUser() user: AuthUser,
    @ZodBody(executeCodeSchema) dto: ExecuteCodeDto,
    @Req() req: Request,
  ) {
    return this.judgements.judgeAndRecord(user, dto, req.id);
  }

  @Post('run-custom')
  @HttpCode(200)
  // The same refusal and judging budget as execute-code: a custom run costs the judge as much as a run.
  @UseGuards(JudgeBacklogGuard, JwtAuthGuard)
  @JudgingBudget()
  runCustom(@CurrentUser() user: AuthUser, @ZodBody(runCustomSchema) dto: RunCustomDto, @Req() req: Request) {
    return this.judgements.runCustom(user, dto, req.id);
  }
}
