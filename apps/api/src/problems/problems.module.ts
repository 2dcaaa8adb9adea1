import { Module } from '@nestjs/common';
import { ProblemsController } from './problems.controller';
import { ProblemsRepository } from './problems.repository';
import { ProblemsService } from './problems.service';

@Module({
  controllers: [ProblemsController],
  providers: [ProblemsService, ProblemsRepository],
  exports: [ProblemsService, ProblemsRepository],
})
export class ProblemsModule {}
