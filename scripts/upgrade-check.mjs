// An upgrade rolled by hand with a real previous build (issue 46): the previous release's judge and this
// release's judge on one Redis, jobs of both versions. Usage (both built):
//   node scripts/upgrade-check.mjs <checkout of the previous release>/apps/judge/dist/main.js
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
const require = createRequire(new URL('../package.json', import.meta.url));
const { Queue, QueueEvents } = require('bullmq');
const { JUDGE_QUEUE, JUDGE_JOB_VERSION, DEFAULT_JUDGE_LIMITS } = require('@javelin/contracts');
const prefix = `upg${Date.now()}`;
const connection = { url: 'redis://127.0.0.1:6379', maxRetriesPerRequest: null };
const start = (main, env = {}) =>
  new Promise((ok) => {
    const c = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        REDIS_PREFIX: prefix,
        JUDGE_WORK_DIR: `/tmp/javelin-upgrade-check-${Math.random().toString(36).slice(2)}`,
        ...env,
      },
    });
    let out = '';
    c.stdout.on('data', (d) => {
      out += d;
      if (/listening/.test(out)) ok({ c, out: () => out });
    });
    c.stderr.on('data', (d) => (out += d));
  });
const ADD =
  'import java.io.*;public class Main{public static void main(String[] a)throws IOException{BufferedReader r=new BufferedReader(new InputStreamReader(System.in));System.out.println(Integer.parseInt(r.readLine().trim())+Integer.parseInt(r.readLine().trim()));}}';
const data = {
  code: ADD,
  language: 'java',
  tests: [{ id: 't', stdin: '40\n2\n', expectedOutput: '42' }],
  limits: DEFAULT_JUDGE_LIMITS,
};
const base = process.argv[2];
if (!base)
  throw new Error(
    'usage: node scripts/upgrade-check.mjs <checkout of the previous release>/apps/judge/dist/main.js',
  );
const old = await start(base);
console.log('old judge (' + base + ') listening:', old.out().match(/"queue":"[^"]*"/)?.[0]);
const v2 = new Queue(JUDGE_QUEUE, { prefix, connection }),
  v1 = new Queue('judge', { prefix, connection });
const e1 = new QueueEvents('judge', { prefix, connection }),
  e2 = new QueueEvents(JUDGE_QUEUE, { prefix, connection });
await Promise.all([e1.waitUntilReady(), e2.waitUntilReady()]);
const newJob = await v2.add('judge', { version: JUDGE_JOB_VERSION, ...data });
const oldJob = await v1.add('judge', data);
console.log('old API job judged by the old judge:', (await oldJob.waitUntilFinished(e1, 60000)).verdict);
await new Promise((r) => setTimeout(r, 3000));
console.log('new API job after 3 s beside the old judge:', await newJob.getState());
const neu = await start(new URL('../apps/judge/dist/main.js', import.meta.url).pathname);
console.log('new judge listening:', neu.out().match(/"queues":\[[^\]]*\]/)?.[0]);
console.log('new API job judged by the new judge:', (await newJob.waitUntilFinished(e2, 60000)).verdict);
const oldJob2 = await v1.add('judge', { ...data, code: ADD.replace('+Integer', '-Integer') });
old.c.kill('SIGTERM');
console.log(
  'old API job (wrong code) after the old judge left, judged by the new judge:',
  (await oldJob2.waitUntilFinished(e1, 60000)).verdict,
);
neu.c.kill('SIGTERM');
for (const q of [v1, v2]) {
  await q.obliterate({ force: true });
  await q.close();
}
await e1.close();
await e2.close();
process.exit(0);
