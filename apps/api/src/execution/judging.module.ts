import { Module } from '@nestjs/common';
import { ContestAccessPolicy } from '../contests/contest-access.policy';
import { ContestsModule } from '../contests/contests.module';
import { StandingsService } from '../contests/standings.service';
import { MetricsController } from '../observability/metrics.controller';
import { ProblemsModule } from '../problems/problems.module';
import { SubmissionsController } from '../submissions/submissions.controller';
import { SOLVE_LISTENER, SubmissionsService } from '../submissions/submissions.service';
import { ExecutionController } from './execution.controller';
import { ExecutionService, JUDGE_ACCESS } from './execution.service';
import { JudgeClient } from './judge-client.service';
import { SubmitRateLimitGuard } from './submit-rate-limit.guard';
import { UserRateLimiter } from '../common/user-rate-limit';

@Module({
  imports: [ProblemsModule, ContestsModule],
  controllers: [ExecutionController, SubmissionsController, MetricsController],
  providers: [
    JudgeClient,
    UserRateLimiter,
    SubmitRateLimitGuard,
    ExecutionService,
    SubmissionsService,
    { provide: JUDGE_ACCESS, useExisting: ContestAccessPolicy },
    { provide: SOLVE_LISTENER, useExisting: StandingsService },
  ],
  exports: [JudgeClient],
})
export class JudgingModule {}
