import { submissionHistoryQuerySchema } from '@javelin/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import { Authenticated, CurrentUser } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { SubmissionHistoryQueryDto } from './dto';
import { SubmissionHistoryService } from './submission-history.service';
import { ZodQuery } from '../common/zod';

@Controller()
export class SubmissionHistoryController {
  constructor(private readonly history: SubmissionHistoryService) {}

  @Get('submissions')
  @Authenticated()
  list(
    @CurrentUser() user: AuthUser,
    @ZodQuery(submissionHistoryQuerySchema) query: SubmissionHistoryQueryDto,
  ) {
    return this.history.list(user, query);
  }

  @Get('submissions/:id')
  @Authenticated()
  get(@CurrentUser() user: AuthUser, @Param('id', uuidParam('id')) id: string) {
    return this.history.get(user, id);
  }

  /** Public like the problem list it decorates. */
  @Get('acceptance-rates')
  acceptanceRates() {
    return this.history.acceptanceRates();
  }
}
