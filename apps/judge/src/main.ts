import { loadConfig } from './config';
import { Judge } from './judge';
import { log } from './log';
import { createWorkers } from './worker';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(`judge: configuration error: ${(e as Error).message}`);
    process.exit(2);
  }
  const judge = await Judge.create(config);
  const workers = createWorkers(judge, config);
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  log('listening', {
    queues: workers.map((w) => w.name),
    concurrency: config.concurrency,
    pid: process.pid,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('stopping: finishing the running job', { signal });
    try {
      // Each worker takes no new job from now on and waits for the jobs it holds to finish.
      await Promise.all(workers.map((w) => w.close()));
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
