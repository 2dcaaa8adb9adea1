import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { ExecutionModule } from '../execution/execution.module';
import { ProblemsModule } from '../problems/problems.module';
import { PackagesController } from './packages.controller';
import { PackageReaderThread } from './package-reader-thread';
import { PackagesService } from './packages.service';

/** ICPC / Kattis problem packages: import, export, jury verification and statement images (issue 29). */
@Module({
  imports: [ProblemsModule, ExecutionModule, ContestsModule],
  controllers: [PackagesController],
  providers: [PackagesService, PackageReaderThread],
  exports: [PackagesService],
})
export class PackagesModule {}
