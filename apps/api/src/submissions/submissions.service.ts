import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DEFAULT_PROBLEM_POINTS, ServerMessages, ServerSentences } from '@javelin/contracts';
import { sha256 } from '../common/hash';
import { ContestsService } from '../contests/contests.service';
import { JudgeAccessPolicy } from '../contests/judge-access.policy';
import { StandingsRepository } from '../contests/standings.repository';
import { StandingsService } from '../contests/standings.service';
import { ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import { SolveDto, SubmissionDto } from './dto';
import { SubmissionsRepository } from './submissions.repository';

interface SolveResult {
  success: true;
  alreadySolved: boolean;
  points: number;
  message: string;
}

@Injectable()
export class SubmissionsService {
  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly access: JudgeAccessPolicy,
    private readonly contests: ContestsService,
    private readonly standings: StandingsService,
    private readonly contestScores: StandingsRepository,
    private readonly problems: ProblemsService,
  ) {}

  /**
   * Records a submission with the server's own verdict: the latest full judgement of exactly this code
   * by this user for this problem and contest. Whatever status the client claims is ignored.
   */
  async create(user: AuthUser, dto: SubmissionDto) {
    const { contestId } = await this.access.assertMayJudge(
      user,
      dto.problemId,
      dto.contestId ?? undefined,
      true,
      dto.contestMode,
    );
    const judgement = await this.repository.latestFullJudgement({
      userId: user.id,
      problemId: dto.problemId,
      contestId,
      codeHash: sha256(dto.code),
    });
    if (!judgement) throw new ConflictException(ServerMessages.notJudgedYet);
    const saved = await this.repository.saveSubmission({
      userId: user.id,
      problemId: dto.problemId,
      contestId,
      judgementId: judgement.id,
      code: dto.code,
      language: 'java',
      status: judgement.verdict,
      testCasesPassed: judgement.passedCount,
      totalTestCases: judgement.totalCount,
    });
    return {
      _id: saved.id,
      id: saved.id,
      status: saved.status,
      testCasesPassed: saved.testCasesPassed,
      totalTestCases: saved.totalTestCases,
      createdAt: saved.createdAt.toISOString(),
    };
  }

  /**
   * Marks a problem solved for an accepted submission and awards its points exactly once per user
   * (practice) or once per user and contest, however many times or how concurrently it is called.
   * A practice or virtual-run solve through an ended contest's page is a practice solve: it earns the
   * problem's practice points once, and never changes the contest's standings or ratings.
   */
  async solve(user: AuthUser, dto: SolveDto): Promise<SolveResult> {
    if (dto.contestMode && dto.contestId)
      await this.access.assertContestProblem(dto.contestId, dto.problemId);
    const contestId = dto.contestMode ? null : (dto.contestId ?? null);
    const submission = await this.repository.findOwnSubmission(dto.submissionId, user.id);
    if (!submission) throw new NotFoundException(ServerMessages.submissionNotFound);
    if (submission.problemId !== dto.problemId || submission.contestId !== contestId) {
      throw new BadRequestException(ServerMessages.submissionOfAnotherProblem);
    }
    if (submission.status !== 'accepted') throw new BadRequestException(ServerMessages.onlyAcceptedSolves);
    // Each is read once: a live contest's check reads the problem's points there, practice reads the problem.
    const points = contestId
      ? await this.contestPoints(user, contestId, dto.problemId)
      : ((await this.problems.requireProblem(dto.problemId)).points ?? DEFAULT_PROBLEM_POINTS);

    const solve = {
      userId: user.id,
      problemId: dto.problemId,
      contestId,
      submissionId: submission.id,
      points,
      solvedAt: this.contests.now(),
    };
    const inserted = await this.repository.recordSolve(
      solve,
      (m) =>
        contestId
          ? // The solve's insert took the participant's lock.
            this.contestScores.refreshParticipant(m, contestId, user.id, dto.problemId, true)
          : this.repository.addPracticePoints(m, user.id, points, dto.problemId),
      contestId !== null,
    );
    if (inserted && contestId) this.standings.contestChanged(contestId);
    return {
      success: true,
      alreadySolved: !inserted,
      points: inserted ? points : 0,
      message: inserted ? ServerSentences.problemSolved(points) : ServerMessages.alreadySolved,
    };
  }

  async solvedProblems(userId: string) {
    const solves = await this.repository.solves(userId);
    return solves.map((s) => ({
      problemId: s.problemId,
      _id: s.problemId,
      points: s.points,
      solvedAt: s.solvedAt.toISOString(),
      inContest: s.inContest,
    }));
  }

  /** The problem's points in a live contest the user may submit in now (403/404 otherwise). */
  private async contestPoints(user: AuthUser, contestId: string, problemId: string): Promise<number> {
    const { contestPoints } = await this.access.assertMayJudge(user, problemId, contestId, true);
    if (contestPoints === undefined) throw new NotFoundException(ServerMessages.problemNotPartOfContest);
    return contestPoints;
  }
}
