import { Injectable } from '@nestjs/common';
import type { ExecuteCodeResponse } from '@javelin/contracts';
import { sha256 } from '../auth/tokens.service';
import { ExecuteCodeDto } from '../execution/dto';
import { ExecutionService } from '../execution/execution.service';
import type { AuthUser } from '../users/users.service';
import { SubmissionsRepository } from './submissions.repository';

/** Runs and submits: judges the code, then keeps the server's own verdict for submissions to trust. */
@Injectable()
export class JudgementsService {
  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly execution: ExecutionService,
  ) {}

  async judge(user: AuthUser, dto: ExecuteCodeDto, requestId?: string): Promise<ExecuteCodeResponse> {
    const response = await this.execution.execute(user, dto, requestId);
    await this.repository.recordJudgement({
      userId: user.id,
      problemId: dto.problemId,
      contestId: dto.contestId ?? null,
      codeHash: sha256(dto.code),
      allTests: dto.runAllTestCases === true,
      verdict: response.verdict,
      passedCount: response.passedCount,
      totalCount: response.totalCount,
      maxTimeMs: Math.round(Math.max(0, ...response.results.map((r) => r.executionTime))),
    });
    return response;
  }
}
