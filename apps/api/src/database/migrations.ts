import { Accounts1763700000000 } from './migrations/1763700000000-Accounts';
import { ProblemsAndJudging1763700100000 } from './migrations/1763700100000-ProblemsAndJudging';
import { Contests1763700200000 } from './migrations/1763700200000-Contests';
import { OAuthIdentities1763700300000 } from './migrations/1763700300000-OAuthIdentities';
import { SubmissionHistory1763700400000 } from './migrations/1763700400000-SubmissionHistory';
import { ContestFormats1795399106865 } from './migrations/1795399106865-ContestFormats';
import { ProblemCheckers1795399121000 } from './migrations/1795399121000-ProblemCheckers';
import { ContestCommunication1795399381675 } from './migrations/1795399381675-ContestCommunication';
import { VirtualRuns1795400000000 } from './migrations/1795400000000-VirtualRuns';
import { TokenVersions1795500000000 } from './migrations/1795500000000-TokenVersions';
import { ClassicProblems1795600000000 } from './migrations/1795600000000-ClassicProblems';
import { TestGroups1795700000000 } from './migrations/1795700000000-TestGroups';
import { Organizations1795700032000 } from './migrations/1795700032000-Organizations';
import { ClicsEventLog1795700064000 } from './migrations/1795700064000-ClicsEventLog';
import { AuthUserNotifications1795800000000 } from './migrations/1795800000000-AuthUserNotifications';
import { ContestAiHelp1795844000000 } from './migrations/1795844000000-ContestAiHelp';
import { ContestPackages1795900000000 } from './migrations/1795900000000-ContestPackages';
import { DisplayNameKey1795900047000 } from './migrations/1795900047000-DisplayNameKey';
import { InteractiveProblems1795900100000 } from './migrations/1795900100000-InteractiveProblems';
import { ProblemPackageHash1796025427000 } from './migrations/1796025427000-ProblemPackageHash';
import { TestTextDigests1796100000000 } from './migrations/1796100000000-TestTextDigests';

/** Every migration, in order; listed explicitly so the build and the tests run the same set. */
export const MIGRATIONS = [
  Accounts1763700000000,
  ProblemsAndJudging1763700100000,
  Contests1763700200000,
  OAuthIdentities1763700300000,
  SubmissionHistory1763700400000,
  ContestFormats1795399106865,
  ProblemCheckers1795399121000,
  ContestCommunication1795399381675,
  VirtualRuns1795400000000,
  TokenVersions1795500000000,
  ClassicProblems1795600000000,
  TestGroups1795700000000,
  Organizations1795700032000,
  ClicsEventLog1795700064000,
  AuthUserNotifications1795800000000,
  ContestAiHelp1795844000000,
  ContestPackages1795900000000,
  DisplayNameKey1795900047000,
  InteractiveProblems1795900100000,
  ProblemPackageHash1796025427000,
  TestTextDigests1796100000000,
];
