import { startPlagiarismSchema } from '@javelin/contracts';
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AdminOnly } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import { StartPlagiarismDto } from './dto';
import { PlagiarismService } from './plagiarism.service';
import { ZodBody } from '../common/zod';

@Controller('admin/contests/:id/plagiarism')
@AdminOnly()
export class PlagiarismController {
  constructor(private readonly plagiarism: PlagiarismService) {}

  @Get()
  report(@Param('id', uuidParam('id')) id: string) {
    return this.plagiarism.report(id);
  }

  /** Starts the check in the background: 202 with the report's state, then poll GET for progress. */
  @Post()
  @HttpCode(202)
  start(@Param('id', uuidParam('id')) id: string, @ZodBody(startPlagiarismSchema) dto: StartPlagiarismDto) {
    return this.plagiarism.start(id, dto);
  }

  @Get('pairs/:pairId')
  pair(@Param('id', uuidParam('id')) id: string, @Param('pairId', uuidParam('pairId')) pairId: string) {
    return this.plagiarism.pair(id, pairId);
  }
}
