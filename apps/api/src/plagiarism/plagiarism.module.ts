import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module';
import { PlagiarismRunner } from './plagiarism-runner.service';
import { PlagiarismController } from './plagiarism.controller';
import { PlagiarismRepository } from './plagiarism.repository';
import { PlagiarismService } from './plagiarism.service';

@Module({
  imports: [ContestsModule],
  controllers: [PlagiarismController],
  providers: [PlagiarismRepository, PlagiarismRunner, PlagiarismService],
})
export class PlagiarismModule {}
