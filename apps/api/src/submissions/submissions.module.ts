import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ExecutionModule } from '../execution/execution.module';
import { ProblemsModule } from '../problems/problems.module';
import { JudgementsController } from './judgements.controller';
import { JudgementsService } from './judgements.service';
import { SubmissionHistoryController } from './submission-history.controller';
import { SubmissionHistoryRepository } from './submission-history.repository';
import { SubmissionHistoryService } from './submission-history.service';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

/** Runs (also on custom input), submits, solves and the history of submits: the server's judgements, the submissions that cite them and the points they award. */
@Module({
  imports: [ExecutionModule, ContestsModule, ProblemsModule],
  controllers: [JudgementsController, SubmissionsController, SubmissionHistoryController],
  providers: [
    SubmissionsRepository,
    SubmissionHistoryRepository,
    JudgementsService,
    SubmissionsService,
    SubmissionHistoryService,
  ],
})
export class SubmissionsModule {}
