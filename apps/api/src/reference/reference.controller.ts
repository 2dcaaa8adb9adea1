import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  expectedOutputSchema,
  validateDraftSchema,
  type ExpectedOutputBody,
  type ValidateDraftBody,
} from '@javelin/contracts';
import type { Request } from 'express';
import { AdminOnly } from '../auth/guards';
import { JudgingBudget } from '../common/rate-limit';
import { ZodBody } from '../common/zod';
import { uuidParam } from '../common/uuid.pipe';
import { ReferenceService } from './reference.service';

/** Admins run a problem's reference solution through the judge: to validate tests, or to compute an expected output. */
@Controller('problems')
export class ReferenceController {
  constructor(private readonly reference: ReferenceService) {}

  @Post('validate')
  @HttpCode(200)
  @AdminOnly()
  @JudgingBudget()
  validateDraft(@ZodBody(validateDraftSchema) draft: ValidateDraftBody, @Req() req: Request) {
    return this.reference.validateDraft(draft, req.id);
  }

  @Post('expected-output')
  @HttpCode(200)
  @AdminOnly()
  @JudgingBudget()
  expectedOutput(@ZodBody(expectedOutputSchema) dto: ExpectedOutputBody, @Req() req: Request) {
    return this.reference.expectedOutput(dto, req.id);
  }

  @Post(':id/validate')
  @HttpCode(200)
  @AdminOnly()
  @JudgingBudget()
  validate(@Param('id', uuidParam('id')) id: string, @Req() req: Request) {
    return this.reference.validateStored(id, req.id);
  }
}
