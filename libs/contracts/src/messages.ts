/** JSON bodies nested deeper than this are refused before validation walks them. */
export const MAX_JSON_DEPTH = 64;

/**
 * Every sentence the server sends, in one place: errors (some of which the web maps to the spec's
 * sentences, spec §8, keyed by these) and confirmations. The server's wording is fixed here so both
 * sides agree.
 */
export const ServerMessages = {
  userExists: 'User already exists',
  invalidCredentials: 'Invalid credentials',
  verifyEmail: 'Please verify your email',
  userNotFound: 'User not found',
  unauthorized: 'Unauthorized',
  adminRequired: 'You need admin privileges to access this page.',
  superAdminRequired: 'Not authorized to access this page. Only super admins can access this page.',
  superAdminExists: 'A super admin already exists',
  invalidResetToken: 'Invalid or missing reset token',
  invalidVerificationToken: 'Invalid or expired verification token',
  /** A verification link opened again after it verified the account (issue 45): 409, not a failure. */
  emailAlreadyVerified: 'This email is already verified. Sign in to continue.',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  tooManyRequests: 'Too many requests, please try again later',
  contestNotActive:
    'Contest is not currently active. You can only submit solutions during the contest period.',
  mustJoinContest: 'You must join the contest to access its problems',
  judgeUnavailable: 'The judge is unavailable right now, please try again shortly',
  judgeTimeout: 'The judge did not answer in time, please try again',
  resetLinkSent: 'If the email exists, a password reset link has been sent...',
  bodyTooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`,
  usernameTaken: 'Username is already taken',
  emailCannotChange: 'Email cannot be changed',
  profileNotFound: 'Profile not found',
  problemNotFound: 'Problem not found',
  problemInContest:
    'This problem is used by a contest and cannot be deleted. Remove it from the contest first.',
  problemNotInContest: 'Problem not found in this contest',
  problemNotPartOfContest: 'Problem is not part of this contest',
  contestNotFound: 'Contest not found',
  contestNotStarted: 'The contest has not started yet',
  onlyActiveContestCompletes: 'Only an active contest can be completed',
  alreadyJoined: 'You have already joined this contest',
  joiningClosed: 'Joining is closed: the contest has already started',
  contestFull: 'The contest is full',
  endBeforeStart: 'endTime must be after startTime',
  submissionNotFound: 'Submission not found',
  submissionOfAnotherProblem: 'The submission does not belong to this problem',
  onlyAcceptedSolves: 'Only an accepted submission can solve a problem',
  notJudgedYet: 'This code has not been judged against all tests yet: submit it for judging first',
  noTestCases: 'This problem has no test cases yet',
  noExampleTestCases: 'This problem has no example test cases to run',
  judgeBusy: 'The judge is busy right now, please try again in a few seconds',
  judgeLostJob: 'The judge queue restarted and lost this submission, please submit it again',
  roleAssignmentNotFound: 'Role assignment not found',
  onlySuperAdminsGrantSuperAdmin: 'Only super admins can grant or revoke the super_admin role',
  lastSuperAdmin: 'The last super admin cannot be removed',
  invalidValue: 'Invalid value in request',
  serviceUnavailable: 'The service is temporarily unavailable, please try again shortly',
  internalError: 'Internal server error',
  registeredCheckEmail: 'Registration successful. Please check your email to verify your account.',
  emailVerified: 'Email verified successfully',
  verificationSent: 'Verification email sent successfully! Please check your inbox.',
  resetLinkSentToYou: 'Password reset link sent to your email',
  passwordReset: 'Password reset successfully! You can now log in with your new password.',
  superAdminCreated: 'Super Admin created successfully!',
  loggedOut: 'Signed out: every session of this account has ended',
  roleRemoved: 'Role removed successfully',
  problemDeleted: 'Problem deleted successfully',
  contestCompleted: 'Contest completed',
  contestDeleted: 'Contest deleted successfully',
  contestJoined: 'Successfully joined the contest!',
  alreadySolved: 'Problem already solved; no new points awarded',
  contestUnfrozen: 'Standings unfrozen',
  notFrozen: 'The standings of this contest are not frozen',
  onlyEndedContestUnfreezes: 'Only an ended contest can be unfrozen',
  freezeLongerThanContest: 'freezeMinutes must not be longer than the contest',
  rejudgeNotFound: 'Rejudge job not found',
  onlyParticipantsAsk: 'Only participants who joined the contest can ask questions',
  questionsOnlyWhileActive: 'Questions can be asked only while the contest is active',
  clarificationNotFound: 'Clarification not found',
  plagiarismAfterEnd: 'The plagiarism report can be run once the contest has ended',
  plagiarismRunning: 'A plagiarism check of this contest is already running',
  plagiarismPairNotFound: 'This pair is not in the plagiarism report',
  practiceOnlyAfterEnd: 'Practice on this contest opens once it has ended',
  virtualOnlyAfterEnd: 'A virtual run can be started once the contest has ended',
  virtualNotForParticipants: 'You took part in this contest, so you cannot run it virtually',
  virtualRunInProgress: 'You already have a virtual run in progress: finish it before starting another',
  noVirtualRunInProgress: 'You have no virtual run of this contest in progress',
  noVirtualRun: 'You have not started a virtual run of this contest',
  contestModeNeedsContestId:
    'contestMode needs contestId: the ended contest whose problem is practised or run virtually',
  // The CLICS Contest API (issue 32)
  clicsContestNotFound: 'No ICPC contest with this id',
  clicsObjectNotFound: 'No object with this id in this contest',
  clicsBadSinceToken: 'since_token is not a token of this event feed',
  clicsBadStream: 'stream must be true or false',
  clicsBadGroup: 'group_id is not a group of this contest',
  clicsBadBasicAuth: 'HTTP Basic credentials must be an email and a password',
  organizationNotFound: 'Organization not found',
  organizationNameTaken: 'An organization with this name already exists',
  organizationDeleted: 'Organization deleted',
} as const;

/** The sentences above that carry a value. */
export const ServerSentences = {
  problemSolved: (points: number) => `Problem solved! You earned ${points} points!`,
  unknownProblemIds: (ids: string[]) => `Unknown problem id: ${ids.join(', ')}`,
  alreadyHasRole: (role: string) => `User already has the ${role} role`,
  notReady: (down: string) => `Not ready: ${down} unavailable`,
  mustBeUuid: (field: string) => `${field} must be a UUID`,
  /** A null sent for an optional field that cannot be cleared. */
  fieldIsNull: (field: string) => `${field} must not be null (leave it out to keep the current value)`,
  /** A body that is a list or a bare value where the route takes an object of fields. */
  bodyMustBeObject: 'The request body must be a JSON object',
} as const;

/** A username's rule (sign-up, profile), on both sides. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** The largest Java source of a run, submission or AI call, in bytes of UTF-8. */
export const MAX_CODE_BYTES = 64 * 1024;
/** The rule every new password follows (sign-up, reset, first super admin), on both sides. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** The mails the server sends: a new account's verification and a password reset. */
export const MailMessages = {
  verifySubject: 'Verify your Javelin account',
  verifyText: (fullName: string, link: string) =>
    `Hello ${fullName},\n\nPlease verify your email address to finish creating your Javelin account:\n\n${link}\n\nThe link is valid for 24 hours. If you did not sign up, you can ignore this mail.\n`,
  resetSubject: 'Reset your Javelin password',
  resetText: (fullName: string, link: string) =>
    `Hello ${fullName},\n\nSomeone asked to reset the password of your Javelin account. To choose a new password, open:\n\n${link}\n\nThe link is valid for one hour and works once. If it was not you, ignore this mail.\n`,
} as const;

/** What the AI calls send to users. */
export const AiMessages = {
  analysisFailed: 'Failed to analyze code',
  debugFailed: 'Failed to get debug help',
  llmTimeout: 'The AI service did not answer in time, so this is the built-in analysis.',
  llmFailed: 'The AI service is unavailable right now, so this is the built-in analysis.',
  compilerUnavailable:
    'Compiler findings are unavailable: no judge answered in time, so javac could not check the code.',
  measurementUnavailable: 'The measured complexity is unavailable: no judge answered in time.',
  noReferenceSolution: 'This problem has no reference solution, so no counterexample could be searched for.',
  counterexampleUnavailable: 'The counterexample search is unavailable: no judge answered in time.',
  /**
   * A measurement whose points allow more than one growth class (issue 34): it names none. `growing`
   * is what doubled (`n`); the factors are the lowest and highest per doubling the data allows.
   */
  measurementInconclusive: (growing: string, lowFactor: string, highFactor: string) =>
    `inconclusive: doubling ${growing} multiplied the time by ${lowFactor} to ${highFactor}, a range that spans more than one growth class`,
  /**
   * A problem without a signature (no typed input variables: a classic stdin/stdout problem; issue 34):
   * the features that generate inputs say so instead of guessing.
   */
  measurementNeedsSignature:
    "Not measured: measuring the complexity generates inputs from the problem's signature (its typed input variables), and this problem has none (it reads stdin as it likes), so no inputs could be made.",
  counterexampleNeedsSignature:
    "No counterexample was searched for: the search generates inputs from the problem's signature (its typed input variables), and this problem has none (it reads stdin as it likes).",
  /** A signature with a type the generator cannot make (`TreeNode`). */
  inputsNotGenerated: (types: string) =>
    `Generated inputs are unavailable: the input type ${types} cannot be generated, so the measured complexity and the counterexample search were not run.`,
  /** Why a measurement is inconclusive, with the fixed cost it subtracted (`0.4 ms`). */
  measurementInconclusiveWhy: (fixed: string) =>
    `The runs stand too little above the fixed cost of a run (${fixed}, the smallest input's time, subtracted) for their growth to show one class; no class is named.`,
} as const;

/** What a user reads when a Google or GitHub sign-in fails (the web prefixes 'OAuth login failed: '). */
export const OAuthMessages = {
  googleNotConfigured: 'Google sign-in is not configured',
  githubNotConfigured: 'GitHub sign-in is not configured',
  googleTokenInvalid: 'The Google sign-in could not be verified, please try again',
  googleTokenExpired: 'The Google sign-in has expired, please try again',
  googleWrongAudience: 'The Google sign-in was issued for another application',
  googleWrongIssuer: 'The Google sign-in was not issued by Google',
  googleUnreachable: 'Google could not be reached to verify the sign-in, please try again later',
  githubAccessDenied: 'Access to your GitHub account was denied',
  githubRefused: 'GitHub refused the sign-in request',
  githubStateMismatch: 'The sign-in request expired or did not come from this browser, please try again',
  githubMissingCode: 'GitHub did not return an authorization code',
  githubCodeRejected: 'GitHub did not accept the sign-in, please try again',
  githubUnreachable: 'GitHub could not be reached, please try again later',
  githubFailed: 'GitHub sign-in failed, please try again',
  unverifiedEmail: (provider: string) =>
    `Your ${provider} account has no verified email address; verify one with ${provider} and try again`,
} as const;

/** The 429 of the per-user judging budget (runs and submits together). */
export function judgingRateLimitedMessage(
  limit: number,
  windowSeconds: number,
  retryAfterSeconds: number,
): string {
  return `Too many code runs and submissions: at most ${limit} every ${windowSeconds} seconds. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
}

/** The 429 of the per-user AI budget (analysis and debug help together), in minutes. */
export function aiRateLimitedMessage(
  limit: number,
  windowSeconds: number,
  retryAfterSeconds: number,
): string {
  const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));
  return `Too many AI requests: at most ${limit} every ${minutes(windowSeconds)} minutes. Please try again in ${minutes(retryAfterSeconds)} minute${minutes(retryAfterSeconds) === 1 ? '' : 's'}.`;
}

/** What contest pages say about announcements, clarifications and the plagiarism report. */
export const ContestTalkMessages = {
  announcement: 'Announcement',
  newQuestion: 'New question',
  yourQuestionAnswered: 'Your question was answered',
  newClarification: 'New clarification',
  questionSent: 'Question sent – the organisers will answer it here.',
  answerSent: 'Answer sent',
  announcementPosted: 'Announcement posted',
  askFailed: 'Failed to send question',
  answerFailed: 'Failed to send answer',
  announceFailed: 'Failed to post announcement',
  plagiarismStarted: 'Plagiarism check started',
  plagiarismStartFailed: 'Failed to start the plagiarism check',
  plagiarismLoadFailed: 'Failed to load the plagiarism report',
} as const;

/** What the server says about a problem form's checker, reference solution, variables and test values. */
export const ReferenceMessages = {
  noReferenceSolution: 'This problem has no reference solution: add one in the problem form first',
  referenceSolutionRequired: 'referenceSolution is required: write the Java solution to run',
  checkerCodeRequired: "checkerCode is required for the 'custom' checker",
  referenceDidNotRun: (error: string) => `The reference solution did not run: ${error}`,
  testInvalid: (test: number, variable: string, error: string) => `testCases[${test}].${variable}: ${error}`,
  testValueNotAVariable: (test: number, key: string) =>
    `testCases[${test}] has a value for "${key}", which is not an input variable`,
  testValueMissing: (test: number, variable: string) =>
    `testCases[${test}] is missing a value for "${variable}"`,
  variableNotIdentifier: (name: string) => `input variable "${name}" is not a valid Java identifier`,
  variableDeclaredTwice: (name: string) => `input variable "${name}" is declared twice`,
  functionNameNotIdentifier: (name: string) => `functionName "${name}" is not a valid Java identifier`,
} as const;

/**
 * What a test's `error` says when the problem's own checker (the 'custom' one) failed: the judge's
 * fault, not the submission's, so the test is never accepted and the sentence says whose it is.
 */
export const CheckerErrors = {
  prefix: 'Judge error: ',
  /** The compiler's output goes to admins only (the test's `feedback`): it quotes the jury's source (issue 47). */
  doesNotCompile: "Judge error: the problem's checker does not compile, please tell the problem's author",
  noMain: "Judge error: the problem's checker has no main method, please tell the problem's author",
  timedOut: (limit: string) =>
    `Judge error: the problem's checker did not finish within ${limit}, please tell the problem's author`,
  crashed: (reason: string) =>
    `Judge error: the problem's checker failed (${reason}), please tell the problem's author`,
  badAnswer: (line: string) =>
    `Judge error: the problem's checker printed ${line} instead of "accepted" or "wrong", please tell the problem's author`,
} as const;

/** What the admin problem form says about its checker, reference solution and test values (issue 18). */
export const ProblemFormMessages = {
  referenceNeeded: 'Write a reference solution first: it is run on the tests through the judge.',
  validationFailed: 'Failed to validate tests',
  computeFailed: 'Failed to compute the expected output',
  allPassed: (total: number) => `The reference solution passes all ${total} test${total === 1 ? '' : 's'}.`,
  someFailed: (failed: number, total: number) =>
    `The reference solution fails ${failed} of ${total} test${total === 1 ? '' : 's'}:`,
  confirmSaveFailing: (failed: number, total: number) =>
    `The reference solution fails ${failed} of ${total} test${total === 1 ? '' : 's'}. Save the problem anyway?`,
  confirmSaveUnvalidated: (error: string) =>
    `The tests could not be validated with the reference solution (${error}). Save the problem anyway?`,
  invalidValues: 'Some test values do not fit their type: fix the values marked in red first.',
} as const;

/** The checkers as the admin form names them. */
export const CHECKER_LABELS = {
  exact: 'Exact (the default)',
  tokens: 'Tokens (spacing ignored)',
  float: 'Float (with a tolerance)',
  unordered: 'Unordered (any order)',
  custom: 'Custom checker (Java)',
} as const;
