import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ExecuteCodeResponse,
  ExecutionResult,
  RunCustomResponse,
  ShownResult,
} from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { sha256 } from '../auth/tokens.service';
import { ExecuteCodeDto, RunCustomDto } from '../execution/dto';
import { ExecutionService } from '../execution/execution.service';
import type { AuthUser } from '../users/users.service';
import { Judgement } from './judgement.entity';

/** Standard error is shown for the run that produced it, never kept. */
function withoutStderr(result: ShownResult): ExecutionResult {
  const { stderr: _stderr, ...kept } = result;
  return kept;
}

/** Runs and submits: judges the code, then keeps the server's own verdict for submissions to trust. */
@Injectable()
export class JudgementsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly execution: ExecutionService,
  ) {}

  async judge(user: AuthUser, dto: ExecuteCodeDto, requestId?: string): Promise<ExecuteCodeResponse> {
    const response = await this.execution.execute(user, dto, requestId);
    const submit = dto.runAllTestCases === true;
    await this.db.getRepository(Judgement).insert({
      userId: user.id,
      problemId: dto.problemId,
      contestId: dto.contestId ?? null,
      codeHash: sha256(dto.code),
      allTests: submit,
      verdict: response.verdict,
      passedCount: response.passedCount,
      totalCount: response.totalCount,
      maxTimeMs: Math.round(Math.max(0, ...response.results.map((r) => r.executionTime))),
      ...(submit
        ? {
            code: dto.code,
            results: response.results.map(withoutStderr),
            compileError: response.compileError ?? null,
          }
        : {}),
    });
    return response;
  }

  /** Custom input is the user's own: nothing is compared and no judgement is kept. */
  runCustom(user: AuthUser, dto: RunCustomDto, requestId?: string): Promise<RunCustomResponse> {
    return this.execution.runCustom(user, dto, requestId);
  }
}
