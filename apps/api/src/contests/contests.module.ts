import { Module } from '@nestjs/common';
import { ProblemsModule } from '../problems/problems.module';
import { ContestCache } from './contest-cache.service';
import { ContestEventsService } from './contest-events.service';
import { ContestScheduler } from './contest-scheduler.service';
import { ContestStreamService } from './contest-stream.service';
import { ContestsController } from './contests.controller';
import { ContestsRepository } from './contests.repository';
import { ContestsService } from './contests.service';
import { JudgeAccessPolicy } from './judge-access.policy';
import { RatingsService } from './ratings.service';
import { StandingsRepository } from './standings.repository';
import { StandingsService } from './standings.service';
import { VirtualRunsController } from './virtual-runs.controller';
import { VirtualRunsRepository } from './virtual-runs.repository';
import { VirtualRunsService } from './virtual-runs.service';

@Module({
  imports: [ProblemsModule],
  controllers: [ContestsController, VirtualRunsController],
  providers: [
    ContestsRepository,
    StandingsRepository,
    ContestsService,
    ContestCache,
    StandingsService,
    RatingsService,
    ContestScheduler,
    JudgeAccessPolicy,
    ContestEventsService,
    ContestStreamService,
    VirtualRunsRepository,
    VirtualRunsService,
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
