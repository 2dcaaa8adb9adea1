import { Worker } from 'bullmq';
import { JUDGE_QUEUE } from '@javelin/contracts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const worker = new Worker(JUDGE_QUEUE, async () => ({ verdict: 'accepted', results: [] }), {
  connection: { url: redisUrl, maxRetriesPerRequest: null },
});
worker.on('ready', () => console.log(`judge: listening on queue "${JUDGE_QUEUE}"`));
