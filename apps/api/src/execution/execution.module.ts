import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ProblemsModule } from '../problems/problems.module';
import { ExecutionService } from './execution.service';
import { JudgeClient } from './judge-client.service';
import { JudgingProgressController } from './judging-progress.controller';
import { JudgingProgressService } from './judging-progress.service';

/** Judging code against a problem's tests through the judge queue; the routes that use it live above. */
@Module({
  imports: [ProblemsModule, ContestsModule],
  controllers: [JudgingProgressController],
  providers: [JudgeClient, ExecutionService, JudgingProgressService],
  // JudgeClient: the reference module runs problems' reference solutions, and the AI its sandbox jobs, through the same queue.
  exports: [ExecutionService, JudgeClient],
})
export class ExecutionModule {}
