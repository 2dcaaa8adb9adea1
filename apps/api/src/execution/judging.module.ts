import { Module } from '@nestjs/common';
import { ProblemsModule } from '../problems/problems.module';
import { SubmissionsController } from '../submissions/submissions.controller';
import { SOLVE_LISTENER, SubmissionsService } from '../submissions/submissions.service';
import { ExecutionController } from './execution.controller';
import { ExecutionService, JUDGE_ACCESS } from './execution.service';
import { JudgeClient } from './judge-client.service';
import { PracticeAccessPolicy } from './practice-access';

@Module({
  imports: [ProblemsModule],
  controllers: [ExecutionController, SubmissionsController],
  providers: [
    JudgeClient,
    ExecutionService,
    SubmissionsService,
    { provide: JUDGE_ACCESS, useClass: PracticeAccessPolicy },
    { provide: SOLVE_LISTENER, useValue: { contestSolved: async () => undefined } },
  ],
  exports: [JudgeClient],
})
export class JudgingModule {}
