import { AuthToken } from '../auth/auth-token.entity';
import { OAuthIdentity } from '../auth/oauth-identity.entity';
import { Contest } from '../contests/contest.entity';
import { JurySubmission, ProblemImage } from '../packages/package-files.entity';
import { Problem } from '../problems/problem.entity';
import { TestCase } from '../problems/test-case.entity';
import { Judgement } from '../submissions/judgement.entity';
import { SolvedProblem } from '../submissions/solved-problem.entity';
import { Submission } from '../submissions/submission.entity';
import { Profile } from '../users/profile.entity';
import { UserRole } from '../users/user-role.entity';
import { User } from '../users/user.entity';

export const ENTITIES = [
  User,
  UserRole,
  Profile,
  AuthToken,
  OAuthIdentity,
  Problem,
  TestCase,
  Judgement,
  Submission,
  SolvedProblem,
  Contest,
  JurySubmission,
  ProblemImage,
];
