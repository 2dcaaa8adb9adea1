import { Module } from '@nestjs/common';
import { PracticeAccessPolicy } from '../execution/practice-access';
import { ProblemsModule } from '../problems/problems.module';
import { ContestAccessPolicy } from './contest-access.policy';
import { ContestScheduler } from './contest-scheduler.service';
import { ContestsController } from './contests.controller';
import { ContestsService } from './contests.service';
import { RatingsService } from './ratings.service';
import { StandingsService } from './standings.service';

@Module({
  imports: [ProblemsModule],
  controllers: [ContestsController],
  providers: [ContestsService, StandingsService, RatingsService, ContestScheduler, ContestAccessPolicy, PracticeAccessPolicy],
  exports: [ContestsService, StandingsService, RatingsService, ContestAccessPolicy],
})
export class ContestsModule {}
