import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { aiRateLimitedMessage, analyzeCodeSchema, debugHelpSchema } from '@javelin/contracts';
import { CurrentUser, JwtAuthGuard } from '../auth/guards';
import { RateLimit } from '../common/rate-limit';
import type { AuthUser } from '../users/users.service';
import { AiService } from './ai.service';
import { AnalyzeCodeDto, DebugHelpDto } from './dto';
import { ZodBody } from '../common/zod';

@Controller()
@UseGuards(JwtAuthGuard)
// Analysis and debug help share one budget per user.
@RateLimit({
  setting: 'aiPerUser',
  per: 'user',
  message: (window, retryAfter) => aiRateLimitedMessage(window.limit, window.windowSeconds, retryAfter),
  extra: { success: false },
})
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Post('analyze-code')
  @HttpCode(200)
  analyze(@CurrentUser() user: AuthUser, @ZodBody(analyzeCodeSchema) dto: AnalyzeCodeDto) {
    return this.ai.analyze(user, dto);
  }

  @Post('debug-help')
  @HttpCode(200)
  debug(@CurrentUser() user: AuthUser, @ZodBody(debugHelpSchema) dto: DebugHelpDto) {
    return this.ai.debug(user, dto);
  }
}
