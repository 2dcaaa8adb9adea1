import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
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
    await app.listen(env.port);
    new Logger('Javelin').log(`API listening on http://localhost:${env.port}/api`);
  } catch (error) {
    console.error(describeConnectionError(error, env.databaseUrl, env.redisUrl));
    process.exit(1);
  }
}

void main();
