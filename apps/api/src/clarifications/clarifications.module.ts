import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ClarificationsController } from './clarifications.controller';
import { ClarificationsRepository } from './clarifications.repository';
import { ClarificationsService } from './clarifications.service';

@Module({
  imports: [ContestsModule],
  controllers: [ClarificationsController],
  providers: [ClarificationsRepository, ClarificationsService],
})
export class ClarificationsModule {}
