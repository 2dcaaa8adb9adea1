#!/usr/bin/env node
// AI sandbox benchmark (issue 19): how steady the measured complexity is, and what a measurement and a
// counterexample search cost, through a real judge worker and BullMQ as the API sends them.
//
//   npx nx build judge && node bench/ai/bench.mjs [--runs 5]
//
// It starts a judge worker (apps/judge/dist/main.js) on its own Redis prefix, then for each program
// (O(n), O(n log n), O(n²), O(n³) on `1 <= nums.length <= 10^5`) runs `--runs` measurements with
// different seeds and prints the fitted slope (min / median / max), the time multiplier per doubling,
// the test CPU time spent and the job's wall time; then `--runs` counterexample searches for an
// off-by-one against its reference (input size, inputs tried, wall time). The machine's load average
// is printed with the figures: wall times grow with it, CPU times and slopes should not.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { builtJudgeWorker, machineLine, parseArgs, REDIS_URL, requireFromRoot } from '../lib/common.mjs';

const { Queue, QueueEvents } = requireFromRoot('bullmq');
const { DEFAULT_JUDGE_LIMITS: LIMITS } = requireFromRoot('@javelin/contracts');

const args = parseArgs();
const RUNS = Number(args.runs ?? 5);
const WORKER = builtJudgeWorker();
const PREFIX = `bench-ai-${randomBytes(4).toString('hex')}`;

const program = (body) => `import java.io.*;
import java.util.*;

public class Main {
    public static int spread(int[] nums) {
${body}
    }

    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(reader.readLine().trim());
        StringTokenizer st = new StringTokenizer(reader.readLine());
        int[] nums = new int[n];
        for (int i = 0; i < n; i++) nums[i] = Integer.parseInt(st.nextToken());
        System.out.println(spread(nums));
    }
}
`;
const PROGRAMS = {
  'O(n)': program(`        int lo = nums[0], hi = nums[0];
        for (int x : nums) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
        return hi - lo;`),
  'O(n log n)': program(`        int[] s = nums.clone();
        Arrays.sort(s);
        return s[s.length - 1] - s[0];`),
  'O(n²)': program(`        int best = 0;
        for (int i = 0; i < nums.length; i++)
            for (int j = 0; j < nums.length; j++) best = Math.max(best, nums[i] - nums[j]);
        return best;`),
  'O(n³)': program(`        int best = 0;
        for (int i = 0; i < nums.length; i++)
            for (int j = 0; j < nums.length; j++)
                for (int k = 0; k < nums.length; k++) best = Math.max(best, nums[i] - nums[j] + 0 * nums[k]);
        return best;`),
};
const REFERENCE = PROGRAMS['O(n)'];
const OFF_BY_ONE = program(`        int lo = nums[0], hi = nums[0];
        for (int i = 1; i < nums.length - 1; i++) { lo = Math.min(lo, nums[i]); hi = Math.max(hi, nums[i]); }
        return hi - lo;`);
const SPEC = {
  variables: [
    {
      name: 'nums',
      type: 'int[]',
      role: 'size',
      length: { min: 1, max: 1e5 },
      values: { min: -1e4, max: 1e4 },
      alphabet: 'a',
    },
  ],
};
const EXAMPLES = [
  { id: 'e1', stdin: '4\n3 9 1 4\n', expectedOutput: '8' },
  { id: 'e2', stdin: '3\n5 -2 0\n', expectedOutput: '7' },
];

function startWorker() {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, REDIS_URL, REDIS_PREFIX: PREFIX, JUDGE_QUEUE_PREFIX: PREFIX },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // JUDGE_CGROUP=/sys/fs/cgroup/cpu/<name>: the worker (and every JVM it starts) joins that cgroup, so a
  // CPU limit on it (cpu.cfs_quota_us 50000 per 100000, or v2 cpu.max "50000 100000") makes a slower machine.
  if (process.env.JUDGE_CGROUP)
    appendFileSync(join(process.env.JUDGE_CGROUP, 'cgroup.procs'), `${child.pid}\n`);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const t = setInterval(() => {
      if (out.includes('"msg":"listening"')) {
        clearInterval(t);
        resolve(child);
      } else if (child.exitCode !== null) {
        clearInterval(t);
        reject(new Error(out));
      }
    }, 100);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (x, d = 2) => (x === undefined || x === null ? '-' : Number(x).toFixed(d));

async function main() {
  const worker = await startWorker();
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  const queue = new Queue('judge', { prefix: PREFIX, connection });
  const events = new QueueEvents('judge', { prefix: PREFIX, connection });
  await events.waitUntilReady();
  const run = async (name, data) => {
    const t0 = performance.now();
    const job = await queue.add(name, data, { priority: 10 });
    const result = await job.waitUntilFinished(events, 120_000);
    return { result, wallMs: performance.now() - t0 };
  };
  const load0 = loadavg()[0];
  console.log(`load average (1 min) at start: ${load0.toFixed(2)}; ${RUNS} runs each`);
  console.log(
    'program     slope min/med/max   ×per doubling (med)  last n   spent CPU ms (med)  wall s (med)  statuses          named (issue 34)',
  );
  for (const [label, code] of Object.entries(PROGRAMS)) {
    if (process.env.ONLY && process.env.ONLY !== label) continue;
    const rows = [];
    for (let i = 0; i < RUNS; i++)
      rows.push(
        await run('ai-measure', {
          code,
          examples: EXAMPLES,
          spec: SPEC,
          limits: LIMITS,
          budgetMs: 2000,
          seed: 1000 + i,
        }),
      );
    if (process.env.VERBOSE) for (const r of rows) console.log(JSON.stringify(r.result));
    const slopes = rows.map((r) => r.result.slope).filter((s) => s !== undefined);
    const last = rows.map((r) => r.result.points.at(-1)?.n ?? 0);
    console.log(
      `${label.padEnd(11)} ${slopes.length ? `${f(Math.min(...slopes))} / ${f(median(slopes))} / ${f(Math.max(...slopes))}` : '-'.padEnd(18)}`.padEnd(
        32,
      ) +
        `${slopes.length ? f(2 ** median(slopes), 1) : '-'}`.padEnd(21) +
        `${median(last)}`.padEnd(9) +
        `${f(median(rows.map((r) => r.result.spentMs)), 0)}`.padEnd(20) +
        `${f(median(rows.map((r) => r.wallMs)) / 1000, 1)}`.padEnd(14) +
        `${[...new Set(rows.map((r) => r.result.status))].join(',')} `.padEnd(18) +
        named(rows.map((r) => r.result)),
    );
  }
  const searches = [];
  for (let i = 0; i < RUNS; i++)
    searches.push(
      await run('ai-counterexample', {
        code: OFF_BY_ONE,
        reference: REFERENCE,
        spec: SPEC,
        limits: LIMITS,
        budgetMs: 2000,
        seed: 2000 + i,
      }),
    );
  console.log(
    `counterexample (off-by-one): found ${searches.filter((s) => s.result.status === 'found' && s.result.verified).length}/${RUNS} verified; ` +
      `input size max ${Math.max(...searches.map((s) => s.result.size ?? Infinity))}; inputs tried median ${median(searches.map((s) => s.result.tried))}; ` +
      `wall s median ${f(median(searches.map((s) => s.wallMs)) / 1000, 1)}; e.g. ${JSON.stringify(searches[0].result.input)}`,
  );
  console.log(machineLine(load0));
  await queue.close();
  await events.close();
  worker.kill('SIGTERM');
}

/** What the analysis names per run (libs/code-analysis/src/measured.ts): a class only when the slope's whole range is in it. */
function named(results) {
  const cls = (x) => (x < 0.35 ? 'O(1)' : x < 1.4 ? 'O(n)' : x < 2.4 ? 'O(n²)' : x < 3.4 ? 'O(n³)' : 'worse');
  const counts = {};
  for (const r of results) {
    const label =
      r.slope === undefined
        ? r.status === 'too-slow'
          ? 'too slow'
          : 'too fast to tell'
        : r.slopeRange && cls(r.slopeRange.low) !== cls(r.slopeRange.high)
          ? 'inconclusive'
          : cls(r.slope);
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return Object.entries(counts)
    .map(([k, n]) => `${k} ${n}/${results.length}`)
    .join(', ');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
