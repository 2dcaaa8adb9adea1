import { Injectable, NotFoundException } from '@nestjs/common';
import { isAdminRoles } from '@javelin/contracts';
import { PROBLEM_NOT_FOUND, ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import type { JudgeAccessPolicy } from './execution.service';

/** Practice rules: a visible problem, or any problem for an admin. */
@Injectable()
export class PracticeAccessPolicy implements JudgeAccessPolicy {
  constructor(private readonly problems: ProblemsService) {}

  async assertMayJudge(user: AuthUser, problemId: string, contestId: string | undefined): Promise<void> {
    if (contestId) throw new NotFoundException('Contest not found');
    const problem = await this.problems.requireProblem(problemId);
    if (!problem.isVisible && !isAdminRoles(user.roles)) throw new NotFoundException(PROBLEM_NOT_FOUND);
  }
}
