import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * What each operation answers on success: its status and the shape of its JSON body, named by the
 * libs/contracts type the web reads it as (schemas generated from response-types.ts), or inline where
 * no contract type exists. The fuzz suite validates every 2xx body it receives against these, and the
 * contract test fails on an operation missing here, so the document stays true as routes change.
 */
export interface Answer {
  status: number;
  /** A JSON body; absent for a redirect or a stream. */
  json?: SchemaObject | ReferenceObject;
  /** Any other content type the body comes as (text/plain metrics, an event stream). */
  other?: string;
  description: string;
  /**
   * A prepared body (common/prepared-json.ts): gzip when accepted, an ETag that is a hash of the
   * bytes, and 304 with no body when If-None-Match names them.
   */
  prepared?: true;
}

const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
const list = (name: string): SchemaObject => ({ type: 'array', items: ref(name) });
const object = (
  properties: Record<string, SchemaObject | ReferenceObject>,
  required = Object.keys(properties),
) => ({ type: 'object', properties, required }) as SchemaObject;
const text: SchemaObject = { type: 'string' };
const confirmation = object({ success: { type: 'boolean', enum: [true] }, message: text });

/** A CLICS object: its fields are the specification's (test/contract/clics-schemas.ts holds them to it). */
const clicsObject: SchemaObject = { type: 'object', additionalProperties: {} };
const clicsList: SchemaObject = { type: 'array', items: clicsObject };
/** A CLICS collection's two operations: the list and one object by its id. */
function clicsCollection(list: string, one: string, what: string): Record<string, Answer> {
  return {
    [`ClicsController_${list}`]: { status: 200, json: clicsList, description: `The ${what}` },
    [`ClicsController_${one}`]: { status: 200, json: clicsObject, description: `One of the ${what}` },
  };
}

export const ANSWERS: Record<string, Answer> = {
  MetricsController_scrape: { status: 200, other: 'text/plain', description: 'Prometheus metrics' },
  AuthController_register: { status: 201, json: ref('RegisterResponse'), description: 'Signed up' },
  AuthController_login: { status: 200, json: ref('TokenResponse'), description: 'Signed in' },
  AuthController_manualLogin: { status: 200, json: ref('TokenResponse'), description: 'Signed in' },
  AuthController_me: { status: 200, json: ref('MeResponse'), description: 'The signed-in user' },
  AuthController_logout: {
    status: 200,
    json: confirmation,
    description: 'Every session of the caller ended: tokens signed before are refused',
  },
  AuthController_forgotPassword: {
    status: 200,
    json: ref('MessageResponse'),
    description: 'Mail sent if known',
  },
  AuthController_sendPasswordReset: { status: 200, json: ref('MessageResponse'), description: 'Mail sent' },
  AuthController_resetPassword: { status: 200, json: confirmation, description: 'Password changed' },
  AuthController_verifyEmail: {
    status: 200,
    json: object({ success: { type: 'boolean', enum: [true] }, message: text, token: text }),
    description: 'Address verified, signed in',
  },
  AuthController_resendVerification: {
    status: 200,
    json: ref('MessageResponse'),
    description: 'Mail sent if known',
  },
  AuthController_createSuperAdmin: {
    status: 201,
    json: object({
      success: { type: 'boolean', enum: [true] },
      message: text,
      token: text,
      user: ref('User'),
    }),
    description: 'First super admin created, signed in',
  },
  AuthController_googleLogin: { status: 200, json: ref('TokenResponse'), description: 'Signed in' },
  AuthController_githubLogin: { status: 302, description: 'Redirect to GitHub' },
  AuthController_githubCallback: { status: 302, description: 'Redirect to the web with a token or an error' },
  AuthController_config: { status: 200, json: ref('AuthConfig'), description: 'Sign-in options' },
  AdminController_allUsers: { status: 200, json: list('User'), description: 'Every user' },
  AdminController_adminUsers: { status: 200, json: list('UserRoleRecord'), description: 'Every role grant' },
  AdminController_grant: { status: 201, json: ref('UserRoleRecord'), description: 'Role granted' },
  AdminController_userRoles: {
    status: 200,
    json: { type: 'array', items: object({ userId: text, role: ref('Role') }) },
    description: 'Every role, by user',
  },
  AdminController_revoke: { status: 200, json: confirmation, description: 'Role removed' },
  AdminController_rejudge: {
    status: 202,
    json: object({ jobId: { type: 'string', format: 'uuid' } }),
    description: 'Rejudge started in the background',
  },
  AdminController_rejudgeProgress: {
    status: 200,
    json: ref('RejudgeProgress'),
    description: 'Rejudge progress',
  },
  ProblemsController_list: { status: 200, json: list('Problem'), description: 'Visible problems' },
  ProblemsController_create: { status: 201, json: ref('Problem'), description: 'Problem created' },
  ProblemsController_get: { status: 200, json: ref('Problem'), description: 'One problem' },
  ProblemsController_update: { status: 200, json: ref('Problem'), description: 'Problem updated' },
  ProblemsController_remove: { status: 200, json: confirmation, description: 'Problem deleted' },
  ProblemsController_testCases: {
    status: 200,
    json: list('TestCase'),
    description: 'Example tests (all for admins)',
  },
  ProblemsController_allTestCases: { status: 200, json: list('TestCase'), description: 'Every test' },
  ProblemsController_adminList: { status: 200, json: list('Problem'), description: 'Every problem' },
  ContestsController_list: { status: 200, json: list('Contest'), description: 'Contests', prepared: true },
  ContestsController_create: { status: 201, json: ref('Contest'), description: 'Contest created' },
  ContestsController_get: { status: 200, json: ref('Contest'), description: 'One contest' },
  ContestsController_remove: { status: 200, json: confirmation, description: 'Contest deleted' },
  ClarificationsController_announcements: {
    status: 200,
    json: list('ContestAnnouncement'),
    description: "The contest's announcements",
  },
  ClarificationsController_announce: {
    status: 201,
    json: ref('ContestAnnouncement'),
    description: 'Announcement posted',
  },
  ClarificationsController_list: {
    status: 200,
    json: list('ContestClarification'),
    description: "The caller's own and the public clarifications (all for admins)",
  },
  ClarificationsController_ask: {
    status: 201,
    json: ref('ContestClarification'),
    description: 'Question asked',
  },
  ClarificationsController_answer: {
    status: 200,
    json: ref('ContestClarification'),
    description: 'Question answered',
  },
  PlagiarismController_report: { status: 200, json: ref('PlagiarismReport'), description: 'The report' },
  PlagiarismController_start: { status: 202, json: ref('PlagiarismReport'), description: 'Check started' },
  PlagiarismController_pair: {
    status: 200,
    json: ref('PlagiarismPairDetail'),
    description: 'A pair with both solutions and their matching fragments',
  },
  ReferenceController_validateDraft: {
    status: 200,
    json: ref('ValidateTestsResponse'),
    description: "The reference solution on the form's tests",
  },
  ReferenceController_expectedOutput: {
    status: 200,
    json: ref('ExpectedOutputResponse'),
    description: 'What the reference solution prints for the inputs',
  },
  ReferenceController_validate: {
    status: 200,
    json: ref('ValidateTestsResponse'),
    description: 'The stored reference solution on every stored test',
  },
  PackagesController_importPackage: {
    status: 201,
    json: ref('ImportPackageResponse'),
    description: 'The package stored as a classic problem, with what was read by default or left out',
  },
  PackagesController_verify: {
    status: 200,
    json: ref('VerifyPackageResponse'),
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
    json: object({ success: { type: 'boolean', enum: [true] }, message: text, contest: ref('Contest') }),
    description: 'Final standings revealed, contest rated',
  },
  ContestsController_problem: { status: 200, json: ref('Problem'), description: 'A problem of the contest' },
  VirtualRunsController_start: {
    status: 201,
    json: ref('VirtualRun'),
    description: "Virtual run started: the contest's duration counts from now",
  },
  VirtualRunsController_state: {
    status: 200,
    json: ref('VirtualRunState'),
    description: "The caller's latest virtual run of the contest, or null",
  },
  VirtualRunsController_finish: {
    status: 200,
    json: ref('VirtualRun'),
    description: 'Virtual run ended now',
  },
  VirtualRunsController_standings: {
    status: 200,
    json: ref('VirtualStandings'),
    description: "The real standings at the run's minute with the run's row, marked virtual",
  },
  ContestsController_join: { status: 200, json: ref('MessageResponse'), description: 'Joined' },
  ContestsController_complete: {
    status: 200,
    json: object({ success: { type: 'boolean', enum: [true] }, message: text, contest: ref('Contest') }),
    description: 'Contest ended and rated',
  },
  ContestsController_solved: {
    status: 200,
    json: { type: 'array', items: text },
    description: 'Solved problem ids',
  },
  ContestsController_leaderboard: {
    status: 200,
    json: list('ContestLeaderboardEntry'),
    description: 'Contest standings',
    prepared: true,
  },
  ContestsController_stream: {
    status: 200,
    other: 'text/event-stream',
    description: 'Standings as they change',
  },
  ExecutionController_execute: { status: 200, json: ref('ExecuteCodeResponse'), description: 'Judged' },
  JudgingProgressController_stream: {
    status: 200,
    other: 'text/event-stream',
    description: "The caller's run or submit in the queue, its tests judged, then its verdict",
  },
  ExecutionController_runCustom: {
    status: 200,
    json: ref('RunCustomResponse'),
    description: 'Ran on the input',
  },
  SubmissionsController_create: {
    status: 201,
    json: object({ _id: text }),
    description: 'Submission recorded',
  },
  SubmissionHistoryController_list: {
    status: 200,
    json: ref('SubmissionPage'),
    description: 'A page of submits',
  },
  SubmissionsController_solve: {
    status: 200,
    json: object({
      success: { type: 'boolean', enum: [true] },
      alreadySolved: { type: 'boolean' },
      points: { type: 'number' },
      message: text,
    }),
    description: 'Solve recorded',
  },
  SubmissionsController_solved: {
    status: 200,
    json: list('SolvedProblemEntry'),
    description: 'Solved problems',
  },
  SubmissionHistoryController_get: {
    status: 200,
    json: ref('SubmissionDetail'),
    description: 'One submission',
  },
  SubmissionHistoryController_acceptanceRates: {
    status: 200,
    json: {
      type: 'array',
      items: object({
        problemId: text,
        solvedUsers: { type: 'number' },
        submittedUsers: { type: 'number' },
        acceptedSubmissions: { type: 'number' },
        judgedSubmissions: { type: 'number' },
        acceptanceRate: { type: 'number' },
      }),
    },
    description: 'Acceptance rate of each problem',
  },
  ProfilesController_me: { status: 200, json: ref('Profile'), description: 'Own profile' },
  ProfilesController_update: { status: 200, json: ref('Profile'), description: 'Profile updated' },
  ProfilesController_myActivity: { status: 200, json: list('Activity'), description: 'Own recent solves' },
  ProfilesController_myRatingHistory: {
    status: 200,
    json: list('RatingChange'),
    description: 'Own rating history',
  },
  ProfilesController_get: { status: 200, json: ref('Profile'), description: 'A profile' },
  ProfilesController_activity: { status: 200, json: list('Activity'), description: 'Recent solves' },
  ProfilesController_ratingHistory: {
    status: 200,
    json: list('RatingChange'),
    description: 'Rating history',
  },
  LeaderboardController_problems: {
    status: 200,
    json: list('ProblemLeaderboardEntry'),
    description: 'By points',
  },
  LeaderboardController_contests: {
    status: 200,
    json: list('ContestRatingLeaderboardEntry'),
    description: 'By contest rating',
  },
  LeaderboardController_stats: { status: 200, json: ref('PlatformStats'), description: 'Platform totals' },
  AiController_analyze: { status: 200, json: ref('AiResponse'), description: 'Analysis' },
  AiController_debug: { status: 200, json: ref('AiResponse'), description: 'Debug help' },
  HealthController_health: { status: 200, json: object({ status: text }), description: 'Alive' },
  HealthController_ready: { status: 200, json: { type: 'object' }, description: 'Ready, with a report' },
  HealthController_time: {
    status: 200,
    json: object({ utc_datetime: { type: 'string', format: 'date-time' } }),
    description: 'Server time',
  },
  // The CLICS Contest API 2023-06 (issue 32): its own objects, described by its specification.
  ClicsController_info: { status: 200, json: clicsObject, description: 'API information (version 2023-06)' },
  ClicsController_contests: { status: 200, json: clicsList, description: 'The ICPC contests' },
  ClicsController_contest: { status: 200, json: clicsObject, description: 'A contest' },
  ClicsController_state: { status: 200, json: clicsObject, description: 'The contest state' },
  ClicsController_scoreboard: {
    status: 200,
    json: object({ time: text, contest_time: text, state: clicsObject, rows: clicsList }),
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
  OrganizationsController_list: { status: 200, json: list('Organization'), description: 'Schools and clubs' },
  OrganizationsController_create: { status: 201, json: ref('Organization'), description: 'Added' },
  OrganizationsController_remove: { status: 200, json: confirmation, description: 'Removed' },
};
