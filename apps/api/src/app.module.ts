import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from './admin/admin.module';
import { AiModule } from './ai/ai.module';
import { AuthModule } from './auth/auth.module';
import { ClarificationsModule } from './clarifications/clarifications.module';
import { ClicsModule } from './clics/clics.module';
import { ContestPackagesModule } from './contest-packages/contest-packages.module';
import { TransactionsModule } from './common/transactions';
import { ENV, Env } from './config/env';
import { ContestsModule } from './contests/contests.module';
import { ExecutionModule } from './execution/execution.module';
import { dataSourceOptions } from './database/data-source';
import { HealthModule } from './health/health.module';
import { LeaderboardModule } from './leaderboard/leaderboard.module';
import { MailModule } from './mail/mail.module';
import { ObservabilityModule } from './observability/observability.module';
import { OrganizationsModule } from './organizations/organizations.module';
import { PlagiarismModule } from './plagiarism/plagiarism.module';
import { ProblemsModule } from './problems/problems.module';
import { ProfilesModule } from './profiles/profiles.module';
import { RedisModule } from './redis/redis.module';
import { PackagesModule } from './packages/packages.module';
import { ReferenceModule } from './reference/reference.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { UsersModule } from './users/users.module';

@Global()
@Module({})
class EnvModule {
  static with(env: Env): DynamicModule {
    return { module: EnvModule, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}

@Module({})
export class AppModule {
  static with(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        EnvModule.with(env),
        TypeOrmModule.forRoot({ ...dataSourceOptions(env.databaseUrl), retryAttempts: 2, retryDelay: 1_000 }),
        TransactionsModule,
        ObservabilityModule,
        RedisModule,
        MailModule,
        UsersModule,
        AuthModule,
        AdminModule,
        ProblemsModule,
        ContestsModule,
        SubmissionsModule,
        ExecutionModule,
        ClarificationsModule,
        PlagiarismModule,
        ReferenceModule,
        PackagesModule,
        ProfilesModule,
        LeaderboardModule,
        AiModule,
        HealthModule,
        // Issue 32, last so their routes follow the others in the OpenAPI document.
        OrganizationsModule,
        ClicsModule,
        ContestPackagesModule,
      ],
    };
  }
}
