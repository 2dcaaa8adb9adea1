import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ExecutionModule } from '../execution/execution.module';
import { ProblemsModule } from '../problems/problems.module';
import { PackagesController } from './packages.controller';
import { PackagesService } from './packages.service';

/** ICPC / Kattis problem packages: import, export, jury verification and statement images (issue 29). */
@Module({
  imports: [ProblemsModule, ExecutionModule, ContestsModule],
  controllers: [PackagesController],
  providers: [PackagesService],
  exports: [PackagesService],
})
export class PackagesModule {}
