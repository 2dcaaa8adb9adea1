import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ExecutionModule } from '../execution/execution.module';
import { ProblemsModule } from '../problems/problems.module';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';
import { RejudgeRepository } from './rejudge.repository';
import { RejudgeService } from './rejudge.service';

@Module({
  imports: [ExecutionModule, ContestsModule, ProblemsModule],
  controllers: [AdminController],
  providers: [AdminService, RejudgeRepository, RejudgeService],
})
export class AdminModule {}
