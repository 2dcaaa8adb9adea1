import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { JwtAuthGuard, CurrentUser } from '../auth/guards';
import type { AuthUser } from '../users/users.service';
import { AiRateLimitGuard } from './ai-rate-limit.guard';
import { AiService } from './ai.service';
import { AnalyzeCodeDto, DebugHelpDto } from './dto';

@Controller()
@UseGuards(JwtAuthGuard, AiRateLimitGuard)
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Post('analyze-code')
  @HttpCode(200)
  analyze(@CurrentUser() user: AuthUser, @Body() dto: AnalyzeCodeDto) {
    return this.ai.analyze(user, dto);
  }

  @Post('debug-help')
  @HttpCode(200)
  debug(@CurrentUser() user: AuthUser, @Body() dto: DebugHelpDto) {
    return this.ai.debug(user, dto);
  }
}
