import { Module } from '@nestjs/common';
import { ENV, Env } from '../config/env';
import { ProblemsModule } from '../problems/problems.module';
import { AiCache } from './ai-cache';
import { AI_CONFIG, AiConfig } from './ai.config';
import { AiController } from './ai.controller';
import { AiService } from './ai.service';
import { LlmClient } from './llm.client';
import { OfflineAnalyzer } from './offline/offline-analyzer';

const MS_PER_SECOND = 1000;

@Module({
  imports: [ProblemsModule],
  controllers: [AiController],
  providers: [
    // AI_* settings are read here, once at start, like the rest of the environment.
    { provide: AI_CONFIG, inject: [ENV], useFactory: (env: Env) => env.ai },
    {
      provide: OfflineAnalyzer,
      inject: [ENV, AI_CONFIG],
      useFactory: (env: Env, config: AiConfig) =>
        new OfflineAnalyzer({
          javacTimeoutMs: config.javacTimeoutMs,
          cpuSeconds: env.judgeLimits.cpuTimeMs / MS_PER_SECOND,
          stackMb: env.judgeLimits.stackMb,
        }),
    },
    LlmClient,
    AiCache,
    AiService,
  ],
})
export class AiModule {}
