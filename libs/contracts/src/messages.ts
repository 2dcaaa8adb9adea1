/** JSON bodies nested deeper than this are refused before validation walks them. */
export const MAX_JSON_DEPTH = 64;

/**
 * Messages the server sends that the web maps to the spec's sentences (spec §8).
 * The server's wording is fixed here so both sides agree.
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
} as const;

/** A null sent for an optional field that cannot be cleared (the validation pipe names the field). */
export const fieldIsNull = (field: string): string =>
  `${field} must not be null (leave it out to keep the current value)`;

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
