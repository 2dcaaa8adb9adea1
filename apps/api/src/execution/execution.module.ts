import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ProblemsModule } from '../problems/problems.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { ExecutionController } from './execution.controller';
import { ExecutionService } from './execution.service';
import { JudgeClient } from './judge-client.service';
import { JudgementsService } from './judgements.service';
import { JudgingProgressController } from './judging-progress.controller';
import { JudgingProgressService } from './judging-progress.service';

/**
 * Runs, submits and custom runs (/execute-code, its progress, /run-custom): judging code against a
 * problem's tests through the judge queue, and keeping the server's judgements that submissions cite.
 */
@Module({
  imports: [ProblemsModule, ContestsModule, SubmissionsModule],
  controllers: [ExecutionController, JudgingProgressController],
  providers: [JudgeClient, ExecutionService, JudgementsService, JudgingProgressService],
  // JudgeClient: the reference module runs problems' reference solutions, and the AI its sandbox jobs, through the same queue.
  exports: [ExecutionService, JudgeClient],
})
export class ExecutionModule {}
