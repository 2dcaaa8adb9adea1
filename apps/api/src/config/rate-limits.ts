import { EnvError, int } from './env-values';

/** A fixed window: at most `limit` counted requests per `windowSeconds`. */
export interface RateWindow {
  limit: number;
  windowSeconds: number;
}

/**
 * Every rate limit, with its setting (`<limit>/<seconds>`) and default. The defaults fit a computer
 * lab of 200 behind one address; only failed sign-ins count against an account or an address.
 */
const RATE_LIMITS = {
  loginFailuresPerAccount: { variable: 'RATE_LIMIT_LOGIN_ACCOUNT', limit: 10, windowSeconds: 60 },
  loginFailuresPerAddress: { variable: 'RATE_LIMIT_LOGIN_ADDRESS', limit: 300, windowSeconds: 60 },
  signUpPerAddress: { variable: 'RATE_LIMIT_SIGNUP', limit: 300, windowSeconds: 600 },
  googleSignInPerAddress: { variable: 'RATE_LIMIT_GOOGLE_SIGN_IN', limit: 300, windowSeconds: 60 },
  mailPerAddress: { variable: 'RATE_LIMIT_MAIL_ADDRESS', limit: 50, windowSeconds: 600 },
  mailPerAccount: { variable: 'RATE_LIMIT_MAIL_ACCOUNT', limit: 5, windowSeconds: 600 },
  emailTokensPerAddress: { variable: 'RATE_LIMIT_EMAIL_TOKEN', limit: 300, windowSeconds: 600 },
  createSuperAdminPerAddress: { variable: 'RATE_LIMIT_CREATE_SUPER_ADMIN', limit: 10, windowSeconds: 600 },
  clarificationsPerUser: { variable: 'RATE_LIMIT_CLARIFICATIONS', limit: 10, windowSeconds: 300 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS | 'judgingPerUser' | 'aiPerUser';

function rateWindow(source: NodeJS.ProcessEnv, name: string, fallback: RateWindow): RateWindow {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new EnvError(`${name} must be <limit>/<seconds> with both at least 1, such as 10/60, got "${raw}"`);
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

export function rateLimits(source: NodeJS.ProcessEnv): Record<RateLimitName, RateWindow> {
  const windows = Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, { variable, ...fallback }]) => [
      name,
      rateWindow(source, variable, fallback),
    ]),
  ) as Record<keyof typeof RATE_LIMITS, RateWindow>;
  return {
    ...windows,
    judgingPerUser: {
      limit: int(source, 'SUBMIT_RATE_LIMIT', 30, 1),
      windowSeconds: int(source, 'SUBMIT_RATE_WINDOW_SECONDS', 60, 1),
    },
    aiPerUser: {
      limit: int(source, 'AI_RATE_LIMIT', 20, 1),
      windowSeconds: int(source, 'AI_RATE_WINDOW_SECONDS', 600, 1),
    },
  };
}
