import { EnvError } from '../config/env';

/** Settings of the AI calls, read once at start; a bad value stops the process naming it. */
export interface AiConfig {
  /** Time one chat-completion attempt may take before the offline answer is used. */
  timeoutMs: number;
  /** Calls (analyze and debug together) one user may make per window. */
  rateLimit: number;
  rateWindowSeconds: number;
  cacheTtlSeconds: number;
  javacTimeoutMs: number;
  maxAnswerTokens: number;
}

export const AI_CONFIG = Symbol('AI_CONFIG');

function int(source: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new EnvError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

export function loadAiConfig(source: NodeJS.ProcessEnv): AiConfig {
  return {
    timeoutMs: int(source, 'AI_TIMEOUT_MS', 20_000, 100),
    rateLimit: int(source, 'AI_RATE_LIMIT', 20, 1),
    rateWindowSeconds: int(source, 'AI_RATE_WINDOW_SECONDS', 600, 1),
    cacheTtlSeconds: int(source, 'AI_CACHE_TTL_SECONDS', 86_400, 1),
    javacTimeoutMs: int(source, 'AI_JAVAC_TIMEOUT_MS', 15_000, 1000),
    maxAnswerTokens: int(source, 'AI_MAX_TOKENS', 1_500, 100),
  };
}
