import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ExecutionModule } from '../execution/execution.module';
import { ProblemsModule } from '../problems/problems.module';
import { JudgementsController } from './judgements.controller';
import { JudgementsService } from './judgements.service';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

/** Runs, submits and solves: the server's judgements, the submissions that cite them and the points they award. */
@Module({
  imports: [ExecutionModule, ContestsModule, ProblemsModule],
  controllers: [JudgementsController, SubmissionsController],
  providers: [SubmissionsRepository, JudgementsService, SubmissionsService],
})
export class SubmissionsModule {}
