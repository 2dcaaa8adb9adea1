export type { AiConfig } from '../config/env';

/** Injection token for the AI settings (read and validated with the rest of the environment, config/env.ts). */
export const AI_CONFIG = Symbol('AI_CONFIG');
