import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import { createApp, listeningLine } from './bootstrap';
import { EnvError, loadEnv } from './config/env';
import { describeConnectionError } from './common/connection-errors';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? `config: ${error.message}` : error);
    process.exit(1);
  }
  try {
    const app = await createApp(env);
    await app.init();
    // An explicit accept backlog: at Node's default (511) a burst of new connections on a busy host
    // overflows the kernel's accept queue, and those clients are reset minutes later.
    const server = app.getHttpServer() as Server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: env.port, host: env.host, backlog: env.listenBacklog }, resolve);
    });
    const logger = new Logger('Javelin');
    logger.log(listeningLine(env));
    if (env.jwtSecretSource !== 'JWT_SECRET')
      logger.log(
        `tokens are signed with the secret kept in ${env.jwtSecretSource.file} (JWT_SECRET sets one)`,
      );
  } catch (error) {
    console.error(describeConnectionError(error, env.databaseUrl, env.redisUrl));
    process.exit(1);
  }
}

void main();
