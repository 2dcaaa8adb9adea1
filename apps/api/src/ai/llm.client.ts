import { Inject, Injectable, Logger } from '@nestjs/common';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ENV, Env } from '../config/env';
import { AI_CONFIG, AiConfig } from './ai.config';

export class LlmTimeoutError extends Error {}

/**
 * An OpenAI-compatible chat API through the official client, when OPENAI_API_KEY is set. Each attempt
 * is bounded by AI_TIMEOUT_MS; a server error, rate limit or dropped connection is retried once.
 * A timeout is not retried, so the caller waits at most one timeout (plus a quick failed attempt).
 */
@Injectable()
export class LlmClient {
  private readonly logger = new Logger('LlmClient');
  private readonly client: OpenAI | null;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {
    this.client = env.openaiApiKey
      ? new OpenAI({
          apiKey: env.openaiApiKey,
          baseURL: env.openaiBaseUrl,
          timeout: config.timeoutMs,
          maxRetries: 0,
        })
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  get model(): string {
    return this.env.aiModel;
  }

  async complete(messages: ChatCompletionMessageParam[]): Promise<string> {
    if (!this.client) throw new Error('No AI service is configured');
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.client.chat.completions.create(
          { model: this.env.aiModel, messages, temperature: 0.2, max_tokens: this.config.maxAnswerTokens },
          { timeout: this.config.timeoutMs, maxRetries: 0 },
        );
        const answer = response.choices?.[0]?.message?.content?.trim();
        if (!answer) throw new Error('The AI service returned an empty answer');
        return answer;
      } catch (error) {
        if (error instanceof APIConnectionTimeoutError)
          throw new LlmTimeoutError(`no answer within ${this.config.timeoutMs} ms`);
        const retryable =
          (error instanceof APIError &&
            (error.status === undefined || error.status >= 500 || error.status === 429)) ||
          error instanceof APIConnectionError;
        if (!retryable || attempt >= 2) throw error;
        this.logger.warn(`AI call failed (${describe(error)}), retrying once`);
      }
    }
  }
}

export function describe(error: unknown): string {
  if (error instanceof APIError) return `${error.status ?? 'no status'} ${error.message}`.slice(0, 200);
  return error instanceof Error ? error.message.slice(0, 200) : String(error);
}
