/** The sentences the AI calls send to users, in one place. */
export const AiMessages = {
  analysisFailed: 'Failed to analyze code',
  debugFailed: 'Failed to get debug help',
  llmTimeout: 'The AI service did not answer in time, so this is the built-in analysis.',
  llmFailed: 'The AI service is unavailable right now, so this is the built-in analysis.',
} as const;

export function aiRateLimitedMessage(limit: number, windowSeconds: number, retryAfterSeconds: number): string {
  const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));
  return `Too many AI requests: at most ${limit} every ${minutes(windowSeconds)} minutes. Please try again in ${minutes(retryAfterSeconds)} minute${minutes(retryAfterSeconds) === 1 ? '' : 's'}.`;
}
