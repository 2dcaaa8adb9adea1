import {
  acceptanceRateSchema,
  activitySchema,
  aiResponseSchema,
  authConfigSchema,
  clicsObjectSchema,
  clicsScoreboardSchema,
  confirmationSchema,
  contestAnnouncementSchema,
  contestClarificationSchema,
  contestLeaderboardEntrySchema,
  contestRatingLeaderboardEntrySchema,
  contestSchema,
  contestSettledSchema,
  emailVerifiedSchema,
  executeCodeResponseSchema,
  expectedOutputResponseSchema,
  healthSchema,
  importPackageResponseSchema,
  importContestPackageResponseSchema,
  importedAccountSchema,
  meResponseSchema,
  messageResponseSchema,
  organizationSchema,
  plagiarismPairDetailSchema,
  plagiarismReportSchema,
  platformStatsSchema,
  problemLeaderboardEntrySchema,
  problemSchema,
  profileSchema,
  ratingChangeSchema,
  readinessSchema,
  registerResponseSchema,
  rejudgeProgressSchema,
  rejudgeStartedSchema,
  runCustomResponseSchema,
  serverTimeSchema,
  solveResponseSchema,
  solvedProblemEntrySchema,
  solvedProblemIdsSchema,
  submissionCreatedSchema,
  submissionDetailSchema,
  submissionPageSchema,
  superAdminCreatedSchema,
  testCaseSchema,
  tokenResponseSchema,
  userRoleRecordSchema,
  userRoleSchema,
  userSchema,
  validateTestsResponseSchema,
  verifyPackageResponseSchema,
  virtualRunSchema,
  virtualRunStateSchema,
  virtualStandingsSchema,
} from '@javelin/contracts';
import { z } from 'zod';

/**
 * What each operation answers on success: its status and the zod schema of its JSON body, from
 * libs/contracts (a schema registered in ResponseSchemas is published as a reference to it). The fuzz
 * suite validates every 2xx body it receives against these, and the contract test fails on an
 * operation missing here, so the document stays true as routes change.
 */
interface Answer {
  status: number;
  /** A JSON body; absent for a redirect or a stream. */
  json?: z.ZodType;
  /** Any other content type the body comes as (text/plain metrics, an event stream). */
  other?: string;
  description: string;
  /**
   * A prepared body (common/prepared-json.ts): gzip when accepted, an ETag that is a hash of the
   * bytes, and 304 with no body when If-None-Match names them.
   */
  prepared?: true;
}

const clicsList = z.array(clicsObjectSchema);
/** A CLICS collection's two operations: the list and one object by its id. */
function clicsCollection(list: string, one: string, what: string): Record<string, Answer> {
  return {
    [`ClicsController_${list}`]: { status: 200, json: clicsList, description: `The ${what}` },
    [`ClicsController_${one}`]: { status: 200, json: clicsObjectSchema, description: `One of the ${what}` },
  };
}

export const ANSWERS: Record<string, Answer> = {
  MetricsController_scrape: { status: 200, other: 'text/plain', description: 'Prometheus metrics' },
  AuthController_register: { status: 201, json: registerResponseSchema, description: 'Signed up' },
  AuthController_login: { status: 200, json: tokenResponseSchema, description: 'Signed in' },
  AuthController_manualLogin: { status: 200, json: tokenResponseSchema, description: 'Signed in' },
  AuthController_me: { status: 200, json: meResponseSchema, description: 'The signed-in user' },
  AuthController_logout: {
    status: 200,
    json: confirmationSchema,
    description: 'Every session of the caller ended: tokens signed before are refused',
  },
  AuthController_forgotPassword: {
    status: 200,
    json: messageResponseSchema,
    description: 'Mail sent if known',
  },
  AuthController_sendPasswordReset: { status: 200, json: messageResponseSchema, description: 'Mail sent' },
  AuthController_resetPassword: { status: 200, json: confirmationSchema, description: 'Password changed' },
  AuthController_verifyEmail: {
    status: 200,
    json: emailVerifiedSchema,
    description: 'Address verified, signed in',
  },
  AuthController_resendVerification: {
    status: 200,
    json: messageResponseSchema,
    description: 'Mail sent if known',
  },
  AuthController_createSuperAdmin: {
    status: 201,
    json: superAdminCreatedSchema,
    description: 'First super admin created, signed in',
  },
  AuthController_googleLogin: { status: 200, json: tokenResponseSchema, description: 'Signed in' },
  AuthController_githubLogin: { status: 302, description: 'Redirect to GitHub' },
  AuthController_githubCallback: { status: 302, description: 'Redirect to the web with a token or an error' },
  AuthController_config: { status: 200, json: authConfigSchema, description: 'Sign-in options' },
  AdminController_allUsers: { status: 200, json: z.array(userSchema), description: 'Every user' },
  AdminController_adminUsers: { status: 200, json: z.array(userRoleRecordSchema), description: 'Every role grant' },
  AdminController_grant: { status: 201, json: userRoleRecordSchema, description: 'Role granted' },
  AdminController_userRoles: {
    status: 200,
    json: z.array(userRoleSchema),
    description: 'Every role, by user',
  },
  AdminController_revoke: { status: 200, json: confirmationSchema, description: 'Role removed' },
  AdminController_rejudge: {
    status: 202,
    json: rejudgeStartedSchema,
    description: 'Rejudge started in the background',
  },
  AdminController_rejudgeProgress: {
    status: 200,
    json: rejudgeProgressSchema,
    description: 'Rejudge progress',
  },
  ProblemsController_list: { status: 200, json: z.array(problemSchema), description: 'Visible problems' },
  ProblemsController_create: { status: 201, json: problemSchema, description: 'Problem created' },
  ProblemsController_get: { status: 200, json: problemSchema, description: 'One problem' },
  ProblemsController_update: { status: 200, json: problemSchema, description: 'Problem updated' },
  ProblemsController_remove: { status: 200, json: confirmationSchema, description: 'Problem deleted' },
  ProblemsController_testCases: {
    status: 200,
    json: z.array(testCaseSchema),
    description: 'Example tests (all for admins)',
  },
  ProblemsController_allTestCases: { status: 200, json: z.array(testCaseSchema), description: 'Every test' },
  ProblemsController_adminList: { status: 200, json: z.array(problemSchema), description: 'Every problem' },
  ContestsController_list: { status: 200, json: z.array(contestSchema), description: 'Contests', prepared: true },
  ContestsController_create: { status: 201, json: contestSchema, description: 'Contest created' },
  ContestsController_get: { status: 200, json: contestSchema, description: 'One contest' },
  ContestsController_remove: { status: 200, json: confirmationSchema, description: 'Contest deleted' },
  ClarificationsController_announcements: {
    status: 200,
    json: z.array(contestAnnouncementSchema),
    description: "The contest's announcements",
  },
  ClarificationsController_announce: {
    status: 201,
    json: contestAnnouncementSchema,
    description: 'Announcement posted',
  },
  ClarificationsController_list: {
    status: 200,
    json: z.array(contestClarificationSchema),
    description: "The caller's own and the public clarifications (all for admins)",
  },
  ClarificationsController_ask: {
    status: 201,
    json: contestClarificationSchema,
    description: 'Question asked',
  },
  ClarificationsController_answer: {
    status: 200,
    json: contestClarificationSchema,
    description: 'Question answered',
  },
  PlagiarismController_report: { status: 200, json: plagiarismReportSchema, description: 'The report' },
  PlagiarismController_start: { status: 202, json: plagiarismReportSchema, description: 'Check started' },
  PlagiarismController_pair: {
    status: 200,
    json: plagiarismPairDetailSchema,
    description: 'A pair with both solutions and their matching fragments',
  },
  ReferenceController_validateDraft: {
    status: 200,
    json: validateTestsResponseSchema,
    description: "The reference solution on the form's tests",
  },
  ReferenceController_expectedOutput: {
    status: 200,
    json: expectedOutputResponseSchema,
    description: 'What the reference solution prints for the inputs',
  },
  ReferenceController_validate: {
    status: 200,
    json: validateTestsResponseSchema,
    description: 'The stored reference solution on every stored test',
  },
  ContestPackagesController_importPackage: {
    status: 201,
    json: importContestPackageResponseSchema,
    description: 'The CLICS contest package stored as a contest, with what was read by default or left out',
  },
  ContestPackagesController_accounts: {
    status: 200,
    json: z.array(importedAccountSchema),
    description: "The accounts the contest's package brought: username, type, team and label, never a password",
  },
  PackagesController_importPackage: {
    status: 201,
    json: importPackageResponseSchema,
    description: 'The package stored as a classic problem, with what was read by default or left out',
  },
  PackagesController_verify: {
    status: 200,
    json: verifyPackageResponseSchema,
    description: "Each jury submission's verdict against what its folder allows",
  },
  PackagesController_exportPackage: {
    status: 200,
    other: 'application/zip',
    description: 'The problem as a 2023-07 problem package',
  },
  PackagesController_image: {
    status: 200,
    other: 'image/*',
    description: "An image of the problem's statement",
  },
  ContestsController_unfreeze: {
    status: 200,
    json: contestSettledSchema,
    description: 'Final standings revealed, contest rated',
  },
  ContestsController_problem: { status: 200, json: problemSchema, description: 'A problem of the contest' },
  VirtualRunsController_start: {
    status: 201,
    json: virtualRunSchema,
    description: "Virtual run started: the contest's duration counts from now",
  },
  VirtualRunsController_state: {
    status: 200,
    json: virtualRunStateSchema,
    description: "The caller's latest virtual run of the contest, or null",
  },
  VirtualRunsController_finish: {
    status: 200,
    json: virtualRunSchema,
    description: 'Virtual run ended now',
  },
  VirtualRunsController_standings: {
    status: 200,
    json: virtualStandingsSchema,
    description: "The real standings at the run's minute with the run's row, marked virtual",
  },
  ContestsController_join: { status: 200, json: messageResponseSchema, description: 'Joined' },
  ContestsController_complete: {
    status: 200,
    json: contestSettledSchema,
    description: 'Contest ended and rated',
  },
  ContestsController_solved: {
    status: 200,
    json: solvedProblemIdsSchema,
    description: 'Solved problem ids',
  },
  ContestsController_leaderboard: {
    status: 200,
    json: z.array(contestLeaderboardEntrySchema),
    description: 'Contest standings',
    prepared: true,
  },
  ContestsController_stream: {
    status: 200,
    other: 'text/event-stream',
    description: 'Standings as they change',
  },
  ExecutionController_execute: { status: 200, json: executeCodeResponseSchema, description: 'Judged' },
  JudgingProgressController_stream: {
    status: 200,
    other: 'text/event-stream',
    description: "The caller's run or submit in the queue, its tests judged, then its verdict",
  },
  ExecutionController_runCustom: {
    status: 200,
    json: runCustomResponseSchema,
    description: 'Ran on the input',
  },
  SubmissionsController_create: {
    status: 201,
    json: submissionCreatedSchema,
    description: 'Submission recorded',
  },
  SubmissionHistoryController_list: {
    status: 200,
    json: submissionPageSchema,
    description: 'A page of submits',
  },
  SubmissionsController_solve: {
    status: 200,
    json: solveResponseSchema,
    description: 'Solve recorded',
  },
  SubmissionsController_solved: {
    status: 200,
    json: z.array(solvedProblemEntrySchema),
    description: 'Solved problems',
  },
  SubmissionHistoryController_get: {
    status: 200,
    json: submissionDetailSchema,
    description: 'One submission',
  },
  SubmissionHistoryController_acceptanceRates: {
    status: 200,
    json: z.array(acceptanceRateSchema),
    description: 'Acceptance rate of each problem',
  },
  ProfilesController_me: { status: 200, json: profileSchema, description: 'Own profile' },
  ProfilesController_update: { status: 200, json: profileSchema, description: 'Profile updated' },
  ProfilesController_myActivity: { status: 200, json: z.array(activitySchema), description: 'Own recent solves' },
  ProfilesController_myRatingHistory: {
    status: 200,
    json: z.array(ratingChangeSchema),
    description: 'Own rating history',
  },
  ProfilesController_get: { status: 200, json: profileSchema, description: 'A profile' },
  ProfilesController_activity: { status: 200, json: z.array(activitySchema), description: 'Recent solves' },
  ProfilesController_ratingHistory: {
    status: 200,
    json: z.array(ratingChangeSchema),
    description: 'Rating history',
  },
  LeaderboardController_problems: {
    status: 200,
    json: z.array(problemLeaderboardEntrySchema),
    description: 'By points',
  },
  LeaderboardController_contests: {
    status: 200,
    json: z.array(contestRatingLeaderboardEntrySchema),
    description: 'By contest rating',
  },
  LeaderboardController_stats: { status: 200, json: platformStatsSchema, description: 'Platform totals' },
  AiController_analyze: { status: 200, json: aiResponseSchema, description: 'Analysis' },
  AiController_debug: { status: 200, json: aiResponseSchema, description: 'Debug help' },
  HealthController_health: { status: 200, json: healthSchema, description: 'Alive' },
  HealthController_ready: { status: 200, json: readinessSchema, description: 'Ready, with a report' },
  HealthController_time: {
    status: 200,
    json: serverTimeSchema,
    description: 'Server time',
  },
  // The CLICS Contest API 2023-06 (issue 32): its own objects, described by its specification.
  ClicsController_info: { status: 200, json: clicsObjectSchema, description: 'API information (version 2023-06)' },
  ClicsController_contests: { status: 200, json: clicsList, description: 'The ICPC contests' },
  ClicsController_contest: { status: 200, json: clicsObjectSchema, description: 'A contest' },
  ClicsController_state: { status: 200, json: clicsObjectSchema, description: 'The contest state' },
  ClicsController_scoreboard: {
    status: 200,
    json: clicsScoreboardSchema,
    description: 'The scoreboard as the caller may see it',
  },
  ClicsController_eventFeed: {
    status: 200,
    other: 'application/x-ndjson',
    description: 'The event feed: one {type, id, data, token} per line',
  },
  ClicsController_submissionFiles: {
    status: 200,
    other: 'application/zip',
    description: "A submission's source as files.zip (admins)",
  },
  ...clicsCollection('judgementTypes', 'judgementType', 'judgement types'),
  ...clicsCollection('languages', 'language', 'languages'),
  ...clicsCollection('problems', 'problem', 'problems'),
  ...clicsCollection('groups', 'group', 'groups'),
  ...clicsCollection('organizations', 'organization', 'organizations'),
  ...clicsCollection('teams', 'team', 'teams'),
  ...clicsCollection('submissions', 'submission', 'submissions'),
  ...clicsCollection('judgements', 'judgement', 'judgements'),
  ...clicsCollection('runs', 'run', 'runs'),
  ...clicsCollection('clarifications', 'clarification', 'clarifications'),
  ...clicsCollection('awards', 'award', 'awards'),
  ContestPackageController_package: {
    status: 200,
    other: 'application/zip',
    description: 'The contest package (Contest Package format) with its event feed',
  },
  OrganizationsController_list: { status: 200, json: z.array(organizationSchema), description: 'Schools and clubs' },
  OrganizationsController_create: { status: 201, json: organizationSchema, description: 'Added' },
  OrganizationsController_remove: { status: 200, json: confirmationSchema, description: 'Removed' },
};
