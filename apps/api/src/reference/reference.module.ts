import { Module } from '@nestjs/common';
import { ExecutionModule } from '../execution/execution.module';
import { ProblemsModule } from '../problems/problems.module';
import { ReferenceController } from './reference.controller';
import { ReferenceService } from './reference.service';

/** Reference solutions run through the judge: test validation and expected outputs for the problem form. */
@Module({
  imports: [ProblemsModule, ExecutionModule],
  controllers: [ReferenceController],
  providers: [ReferenceService],
})
export class ReferenceModule {}
