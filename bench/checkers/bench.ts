// Checker benchmark: what each output checker adds to judging one submission, in the real judge
// (sandboxed JVMs, the configured mode) without Redis. The submission is the seed's Group Anagrams
// reference on its 10 tests; the same job is judged with each checker, interleaved, after warm-up.
//
//   npx nx run bench:checkers            (builds the judge and the API first; `-- 4` for 4 runs)
import { loadavg } from 'node:os';
import { DEFAULT_JUDGE_LIMITS, type CheckerName, type JudgeJobData } from '@javelin/contracts';
import { serializeInputs } from '@javelin/java-io';
import { judgeApp, seedCatalog } from '../apps';

const { loadConfig, Judge } = judgeApp();
const { CATALOG, referenceSolution } = seedCatalog();

const runs = Number(process.argv[2] ?? 8);
const problem = CATALOG.find((p) => p.title === 'Group Anagrams')!;
const CHECKERS: CheckerName[] = ['exact', 'unordered', 'custom'];

function job(checker: CheckerName, run: number): JudgeJobData {
  return {
    // A comment that differs per run: the compile cache never hits, as for distinct submissions.
    code: `${referenceSolution(problem)}// run ${run} ${checker}\n`,
    language: 'java',
    tests: problem.testCases.map((tc, i) => ({
      id: `t${i}`,
      stdin: serializeInputs(problem.inputVariables, tc.inputs),
      expectedOutput: tc.expectedOutput,
    })),
    limits: DEFAULT_JUDGE_LIMITS,
    checker,
    ...(checker === 'custom' ? { checkerCode: problem.checkerCode } : {}),
  };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const judge = await Judge.create(loadConfig());
  try {
    for (const c of CHECKERS) await judge.judge(job(c, -1));
    const ms: Record<string, number[]> = Object.fromEntries(CHECKERS.map((c) => [c, []]));
    const load = [loadavg()[0]];
    for (let r = 0; r < runs; r++) {
      for (const c of CHECKERS) {
        const t0 = performance.now();
        const result = await judge.judge(job(c, r));
        ms[c].push(performance.now() - t0);
        if (c !== 'exact' && result.verdict !== 'accepted')
          throw new Error(`${c}: ${JSON.stringify(result).slice(0, 300)}`);
      }
      load.push(loadavg()[0]);
    }
    console.log(
      `mode ${judge.config.mode}, ${problem.testCases.length} tests, ${runs} runs each, load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
    );
    for (const c of CHECKERS) {
      console.log(`${c.padEnd(10)} p50 ${pct(ms[c], 50).toFixed(0)} ms  p95 ${pct(ms[c], 95).toFixed(0)} ms`);
    }
    const extra = pct(ms.custom, 50) - pct(ms.exact, 50);
    console.log(
      `custom checker: +${extra.toFixed(0)} ms per submission, ${(extra / problem.testCases.length).toFixed(0)} ms per test (a sandboxed JVM each)`,
    );
  } finally {
    await judge.close();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
