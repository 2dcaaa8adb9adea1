import { Module } from '@nestjs/common';
import { ImageLinks } from './image-links';
import { ProblemsController } from './problems.controller';
import { ProblemsRepository } from './problems.repository';
import { ProblemsService } from './problems.service';

@Module({
  controllers: [ProblemsController],
  providers: [ProblemsService, ProblemsRepository, ImageLinks],
  exports: [ProblemsService, ProblemsRepository, ImageLinks],
})
export class ProblemsModule {}
