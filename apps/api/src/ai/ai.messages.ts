/** The sentences the AI calls send to users, in one place. */
export const AiMessages = {
  analysisFailed: 'Failed to analyze code',
  debugFailed: 'Failed to get debug help',
  llmTimeout: 'The AI service did not answer in time, so this is the built-in analysis.',
  llmFailed: 'The AI service is unavailable right now, so this is the built-in analysis.',
} as const;
