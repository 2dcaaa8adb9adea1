import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ProblemsModule } from '../problems/problems.module';
import { SubmissionHistoryController } from './submission-history.controller';
import { SubmissionHistoryRepository } from './submission-history.repository';
import { SubmissionHistoryService } from './submission-history.service';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

/** Submits, solves and the history of submits: the submissions that cite the server's judgements and the points they award. */
@Module({
  imports: [ContestsModule, ProblemsModule],
  controllers: [SubmissionsController, SubmissionHistoryController],
  providers: [
    SubmissionsRepository,
    SubmissionHistoryRepository,
    SubmissionsService,
    SubmissionHistoryService,
  ],
  // SubmissionsRepository: execute-code (execution/) records the judgements submissions cite, and a practice score.
  exports: [SubmissionsRepository],
})
export class SubmissionsModule {}
