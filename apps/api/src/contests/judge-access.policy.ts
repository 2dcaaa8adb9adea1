import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { isAdminRoles, ServerMessages } from '@javelin/contracts';
import { PROBLEM_NOT_FOUND, ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import { ContestsService } from './contests.service';

/**
 * Who may run or submit: in practice, anyone signed in on a visible problem (any problem for an
 * admin); in a contest, joined participants while it is active (a run of the examples is open to
 * everyone after it ends).
 */
@Injectable()
export class JudgeAccessPolicy {
  constructor(
    private readonly contests: ContestsService,
    private readonly problems: ProblemsService,
  ) {}

  async assertMayJudge(
    user: AuthUser,
    problemId: string,
    contestId: string | undefined,
    submit: boolean,
  ): Promise<void> {
    if (!contestId) return this.assertMayPractise(user, problemId);
    const contest = await this.contests.requireContest(contestId);
    if ((await this.contests.pointsFor(contestId, problemId)) === null) {
      throw new NotFoundException(ServerMessages.problemNotInContest);
    }
    const status = this.contests.statusOf(contest);
    if (status === 'ended' && !submit) return;
    if (!isAdminRoles(user.roles) && !(await this.contests.isParticipant(contestId, user.id))) {
      throw new ForbiddenException(ServerMessages.mustJoinContest);
    }
    if (status !== 'active') throw new ForbiddenException(ServerMessages.contestNotActive);
  }

  private async assertMayPractise(user: AuthUser, problemId: string): Promise<void> {
    const problem = await this.problems.requireProblem(problemId);
    if (!problem.isVisible && !isAdminRoles(user.roles)) throw new NotFoundException(PROBLEM_NOT_FOUND);
  }
}
