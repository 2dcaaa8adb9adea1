import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ContestsModule } from '../contests/contests.module';
import { UsersModule } from '../users/users.module';
import { PackagesModule } from '../packages/packages.module';
import { ClicsAuthGuard } from './clics-auth.guard';
import { ClicsController, ContestPackageController } from './clics.controller';
import { ClicsRepository } from './clics.repository';
import { ClicsService } from './clics.service';
import { EventFeedStream } from './event-feed.stream';
import { EventLogRepository } from './event-log.repository';
import { EventLogService } from './event-log.service';
import { FeedTokens } from './feed-tokens';

/** The CLICS Contest API and the contest package export (issue 32). */
@Module({
  imports: [ContestsModule, AuthModule, UsersModule, PackagesModule],
  controllers: [ClicsController, ContestPackageController],
  providers: [
    ClicsRepository,
    ClicsService,
    EventLogRepository,
    EventLogService,
    FeedTokens,
    EventFeedStream,
    ClicsAuthGuard,
  ],
})
export class ClicsModule {}
