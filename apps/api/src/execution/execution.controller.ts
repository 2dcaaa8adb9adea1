import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, JwtAuthGuard } from '../auth/guards';
import type { AuthUser } from '../users/users.service';
import { ExecuteCodeDto } from './dto';
import { ExecutionService } from './execution.service';
import { SubmitRateLimitGuard } from './submit-rate-limit.guard';

@Controller()
export class ExecutionController {
  constructor(private readonly execution: ExecutionService) {}

  @Post('execute-code')
  @HttpCode(200)
  // Signed in, then counted against the user's judging budget (a 429 with Retry-After past it).
  @UseGuards(JwtAuthGuard, SubmitRateLimitGuard)
  execute(@CurrentUser() user: AuthUser, @Body() dto: ExecuteCodeDto, @Req() req: Request) {
    return this.execution.execute(user, dto, req.id);
  }
}
