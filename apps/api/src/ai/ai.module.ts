import { Module } from '@nestjs/common';
import { OfflineAnalyzer } from '@javelin/code-analysis';
import { ENV, Env } from '../config/env';
import { ContestsModule } from '../contests/contests.module';
import { ExecutionModule } from '../execution/execution.module';
import { ProblemsModule } from '../problems/problems.module';
import { AiAccess } from './ai-access';
import { AiCache } from './ai-cache';
import { AI_CONFIG } from './ai.config';
import { AiController } from './ai.controller';
import { AiService } from './ai.service';
import { LlmClient } from './llm.client';
import { AiSandbox } from './sandbox/ai-sandbox';
import { ReferenceSolutions } from './sandbox/reference-solutions';
import { SandboxJobs } from './sandbox/sandbox-jobs';

const MS_PER_SECOND = 1000;

@Module({
  // ExecutionModule: the sandbox jobs go through its JudgeClient.
  // ContestsModule: whether a running contest turns AI help off (issue 47), by the contests' clock.
  imports: [ProblemsModule, ExecutionModule, ContestsModule],
  controllers: [AiController],
  providers: [
    // AI_* settings are read here, once at start, like the rest of the environment.
    { provide: AI_CONFIG, inject: [ENV], useFactory: (env: Env) => env.ai },
    SandboxJobs,
    ReferenceSolutions,
    AiSandbox,
    {
      provide: OfflineAnalyzer,
      inject: [ENV, AiSandbox],
      // The compiler findings come from the judge (javac -Xlint:all in its sandbox): the API runs no JDK.
      useFactory: (env: Env, sandbox: AiSandbox) =>
        new OfflineAnalyzer({
          compile: (code) => sandbox.lint(code),
          cpuSeconds: env.judgeLimits.cpuTimeMs / MS_PER_SECOND,
          stackMb: env.judgeLimits.stackMb,
        }),
    },
    LlmClient,
    AiCache,
    AiAccess,
    AiService,
  ],
})
export class AiModule {}
