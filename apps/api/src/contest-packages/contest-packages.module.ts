import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ProblemsModule } from '../problems/problems.module';
import { ContestPackagesController } from './contest-packages.controller';
import { ContestPackagesService } from './contest-packages.service';

/** CLICS contest packages in (issue 43): the contest, problems, organizations, groups, teams and accounts. */
@Module({
  imports: [ProblemsModule, ContestsModule],
  controllers: [ContestPackagesController],
  providers: [ContestPackagesService],
})
export class ContestPackagesModule {}
