import { Module } from '@nestjs/common';
import { ProblemsModule } from '../problems/problems.module';
import { ContestEventsService } from './contest-events.service';
import { ContestScheduler } from './contest-scheduler.service';
import { ContestsController } from './contests.controller';
import { ContestsRepository } from './contests.repository';
import { ContestsService } from './contests.service';
import { JudgeAccessPolicy } from './judge-access.policy';
import { RatingsService } from './ratings.service';
import { StandingsRepository } from './standings.repository';
import { StandingsService } from './standings.service';

@Module({
  imports: [ProblemsModule],
  controllers: [ContestsController],
  providers: [
    ContestsRepository,
    StandingsRepository,
    ContestsService,
    StandingsService,
    RatingsService,
    ContestScheduler,
    JudgeAccessPolicy,
    ContestEventsService,
  ],
  exports: [
    ContestsService,
    StandingsService,
    StandingsRepository,
    RatingsService,
    JudgeAccessPolicy,
    ContestEventsService,
  ],
})
export class ContestsModule {}
