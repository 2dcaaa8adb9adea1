import { loadConfig } from './config';
import { Judge } from './judge';
import { log } from './log';
import { createWorker } from './worker';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(`judge: configuration error: ${(e as Error).message}`);
    process.exit(2);
  }
  const judge = await Judge.create(config);
  const worker = createWorker(judge, config);
  await worker.waitUntilReady();
  log('listening', { queue: worker.name, concurrency: config.concurrency, pid: process.pid });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('stopping: finishing the running job', { signal });
    try {
      await worker.close(); // waits for active jobs to finish
      await judge.close();
    } finally {
      log('stopped');
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((e: unknown) => {
  console.error(`judge: cannot start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
