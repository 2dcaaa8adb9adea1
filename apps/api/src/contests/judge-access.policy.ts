import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { isAdminRoles, ServerMessages, type ContestMode } from '@javelin/contracts';
import type { Problem } from '../problems/problem.entity';
import { PROBLEM_NOT_FOUND, ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import { ContestsService } from './contests.service';
import { VirtualRunsService } from './virtual-runs.service';

/** Where a judged try belongs: what the judgement records, so each reader counts only its own. */
export interface JudgingContext {
  /** The live contest the try counts in; null for practice (also practice or a virtual run through a contest). */
  contestId: string | null;
  /** The ended contest whose page a practice or virtual-run try came through. */
  viaContestId: string | null;
  /** The virtual run the try counts in. */
  virtualRunId: string | null;
}

/**
 * What the check read on the way, so the request reads nothing twice (issue 35): the problem (practice:
 * its visibility was checked) and, through a contest, the problem's points there.
 */
export interface JudgingAccess extends JudgingContext {
  problem?: Problem;
  contestPoints?: number;
}

const PRACTICE: JudgingContext = { contestId: null, viaContestId: null, virtualRunId: null };

/**
 * Who may run or submit: in practice, anyone signed in on a visible problem (any problem for an
 * admin); in a contest, joined participants while it is active (a run of the examples is open to
 * everyone after it ends). Through an ended contest's page (`contestMode`), anyone signed in may
 * practise its problems, hidden ones included, and a user in a running virtual run submits in it.
 */
@Injectable()
export class JudgeAccessPolicy {
  constructor(
    private readonly contests: ContestsService,
    private readonly problems: ProblemsService,
    private readonly virtualRuns: VirtualRunsService,
  ) {}

  async assertMayJudge(
    user: AuthUser,
    problemId: string,
    contestId: string | undefined,
    submit: boolean,
    contestMode?: ContestMode,
  ): Promise<JudgingAccess> {
    if (!contestId) return { ...PRACTICE, problem: await this.assertMayPractise(user, problemId) };
    const { contest, points: contestPoints } = await this.contestProblem(contestId, problemId);
    const status = this.contests.statusOf(contest);
    if (contestMode === 'practice') {
      if (status !== 'ended') throw new ForbiddenException(ServerMessages.practiceOnlyAfterEnd);
      return { ...PRACTICE, viaContestId: contestId, contestPoints };
    }
    if (contestMode === 'virtual') {
      const run = await this.virtualRuns.running(contestId, user.id);
      if (!run) throw new ForbiddenException(ServerMessages.noVirtualRunInProgress);
      return { contestId: null, viaContestId: contestId, virtualRunId: run.id, contestPoints };
    }
    const live = { ...PRACTICE, contestId, contestPoints };
    if (status === 'ended' && !submit) return live;
    if (!isAdminRoles(user.roles) && !(await this.contests.isParticipant(contestId, user.id))) {
      throw new ForbiddenException(ServerMessages.mustJoinContest);
    }
    if (status !== 'active') throw new ForbiddenException(ServerMessages.contestNotActive);
    return live;
  }

  /** The contest exists and holds the problem (404s otherwise): a practice or virtual context is real. */
  async assertContestProblem(contestId: string, problemId: string) {
    return (await this.contestProblem(contestId, problemId)).contest;
  }

  /** The contest and the problem's points in it (404s when either is not there). */
  private async contestProblem(contestId: string, problemId: string) {
    // Read at most a second ago (a change made on this instance shows at once): issue 35.
    const { contest, points: pointsOf } = await this.contests.recentContest(contestId);
    const points = pointsOf.get(problemId);
    if (points === undefined) throw new NotFoundException(ServerMessages.problemNotInContest);
    return { contest, points };
  }

  private async assertMayPractise(user: AuthUser, problemId: string): Promise<Problem> {
    const problem = await this.problems.requireProblem(problemId);
    if (!problem.isVisible && !isAdminRoles(user.roles)) throw new NotFoundException(PROBLEM_NOT_FOUND);
    return problem;
  }
}
