import { Injectable } from '@nestjs/common';
import {
  type ExecuteCodeResponse,
  type ExecutionResult,
  isAdminRoles,
  type RunCustomResponse,
  type ShownResult,
  withoutFeedback,
} from '@javelin/contracts';
import { sha256 } from '../common/hash';
import { ContestsService } from '../contests/contests.service';
import { StandingsRepository } from '../contests/standings.repository';
import { StandingsService } from '../contests/standings.service';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import type { AuthUser } from '../users/users.service';
import { ExecuteCodeDto, RunCustomDto } from './dto';
import { ExecutionService } from './execution.service';

/** Standard error is shown for the run that produced it, never kept. */
function withoutStderr(result: ShownResult): ExecutionResult {
  const { stderr: _stderr, ...kept } = result;
  return kept;
}

/** Runs and submits: judges the code, then keeps the server's own verdict for submissions to trust. */
@Injectable()
export class JudgementsService {
  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly execution: ExecutionService,
    private readonly contests: ContestsService,
    private readonly standings: StandingsService,
    private readonly contestStandings: StandingsRepository,
  ) {}

  async judgeAndRecord(
    user: AuthUser,
    dto: ExecuteCodeDto,
    requestId?: string,
  ): Promise<ExecuteCodeResponse> {
    const { response, context } = await this.execution.execute(user, dto, requestId);
    const submit = dto.runAllTestCases === true;
    const { contestId } = context;
    // A live contest submit is a try on the scoreboard: its cell and the standings change with it.
    // Practice and virtual-run tries through an ended contest keep contestId null and never touch it.
    const countsAsTry = submit && contestId !== null;
    // A compilation error is never a try on the board (the standings' recount skips it): its judgement
    // is kept, and the cell is not recomputed for nothing (issue 35: one transaction and three statements less).
    const changesBoard = countsAsTry && response.verdict !== 'compilation_error';
    // A practice submit on a scoring problem (issue 31) earns its best score's share of the points.
    const practiceScore =
      submit && contestId === null && context.virtualRunId === null && response.score !== undefined
        ? { score: response.score, maxScore: response.maxScore ?? 0 }
        : null;
    await this.repository.recordJudgement(
      {
        userId: user.id,
        problemId: dto.problemId,
        contestId,
        viaContestId: context.viaContestId,
        virtualRunId: context.virtualRunId,
        codeHash: sha256(dto.code),
        allTests: submit,
        verdict: response.verdict,
        passedCount: response.passedCount,
        totalCount: response.totalCount,
        maxTimeMs: Math.round(Math.max(0, ...response.results.map((r) => r.executionTime))),
        // Submits are the user's history: their code and results are kept; runs of the examples are not.
        code: submit ? dto.code : null,
        results: submit ? response.results.map(withoutStderr) : null,
        compileError: submit ? (response.compileError ?? null) : null,
        score: response.score ?? null,
        groups: response.groups ?? null,
        createdAt: this.contests.now(),
      },
      changesBoard
        ? (m) => this.contestStandings.refreshParticipant(m, contestId, user.id, dto.problemId, true)
        : practiceScore
          ? (m) =>
              this.repository.awardPracticeScore(
                m,
                user.id,
                dto.problemId,
                practiceScore.score,
                practiceScore.maxScore,
              )
          : undefined,
      // The insert takes the participant's lock itself, ahead of the standings' refresh.
      changesBoard ? { contestId, userId: user.id } : undefined,
    );
    if (changesBoard) this.standings.contestChanged(contestId);
    // The validator's feedback is kept with the submission for admins; nobody else is ever shown it.
    return isAdminRoles(user.roles) ? response : { ...response, results: withoutFeedback(response.results) };
  }

  /** Custom input is the user's own: nothing is compared and no judgement is kept. */
  runCustom(user: AuthUser, dto: RunCustomDto, requestId?: string): Promise<RunCustomResponse> {
    return this.execution.runCustom(user, dto, requestId);
  }
}
