import {
  createAnnouncementSchema,
  askClarificationSchema,
  answerClarificationSchema,
} from '@javelin/contracts';
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AdminOnly, Authenticated, CurrentUser, OptionalAuth } from '../auth/guards';
import { RateLimit } from '../common/rate-limit';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { ClarificationsService } from './clarifications.service';
import { AnswerClarificationDto, AskClarificationDto, CreateAnnouncementDto } from './dto';
import { ZodBody } from '../common/zod';

@Controller()
export class ClarificationsController {
  constructor(private readonly clarifications: ClarificationsService) {}

  @Get('contests/:id/announcements')
  announcements(@Param('id', uuidParam('id')) id: string) {
    return this.clarifications.announcements(id);
  }

  @Post('contests/:id/announcements')
  @AdminOnly()
  announce(
    @Param('id', uuidParam('id')) id: string,
    @ZodBody(createAnnouncementSchema) dto: CreateAnnouncementDto,
    @CurrentUser() admin: AuthUser,
  ) {
    return this.clarifications.announce(id, dto, admin);
  }

  @Get('contests/:id/clarifications')
  @OptionalAuth()
  list(@Param('id', uuidParam('id')) id: string, @CurrentUser() viewer?: AuthUser) {
    return this.clarifications.list(id, viewer);
  }

  @Post('contests/:id/clarifications')
  @Authenticated()
  @RateLimit({ setting: 'clarificationsPerUser', per: 'user' })
  ask(
    @Param('id', uuidParam('id')) id: string,
    @ZodBody(askClarificationSchema) dto: AskClarificationDto,
    @CurrentUser() asker: AuthUser,
  ) {
    return this.clarifications.ask(id, dto, asker);
  }

  @Post('contests/:id/clarifications/:clarificationId/answer')
  @HttpCode(200)
  @AdminOnly()
  answer(
    @Param('id', uuidParam('id')) id: string,
    @Param('clarificationId', uuidParam('clarificationId')) clarificationId: string,
    @ZodBody(answerClarificationSchema) dto: AnswerClarificationDto,
    @CurrentUser() admin: AuthUser,
  ) {
    return this.clarifications.answer(id, clarificationId, dto, admin);
  }
}
