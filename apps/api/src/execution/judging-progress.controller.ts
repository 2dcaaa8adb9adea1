import { Controller, MessageEvent, Sse } from '@nestjs/common';
import { requestIdParamSchema } from '@javelin/contracts';
import { map, type Observable } from 'rxjs';
import { Authenticated, CurrentUser } from '../auth/guards';
import type { AuthUser } from '../users/users.service';
import { JudgingProgressService } from './judging-progress.service';
import { ZodParam } from '../common/zod';

/**
 * GET /api/execute-code/{requestId}/progress: server-sent 'progress' events of the caller's own run or
 * submit whose POST /api/execute-code carried this X-Request-Id (the spec's exchange is unchanged; the
 * header is optional). In queue, then tests judged, and last the verdict, after which the stream ends.
 */
@Controller()
export class JudgingProgressController {
  constructor(private readonly progress: JudgingProgressService) {}

  @Sse('execute-code/:requestId/progress')
  @Authenticated()
  async stream(
    @ZodParam('requestId', requestIdParamSchema) requestId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<Observable<MessageEvent>> {
    await this.progress.requireOwn(user.id, requestId);
    return this.progress
      .stream(user.id, requestId)
      .pipe(map((data): MessageEvent => ({ type: 'progress', data })));
  }
}
