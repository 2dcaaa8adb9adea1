import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The reduced contest day of bench/contest-day in CI: the real stack (a private PostgreSQL cluster,
 * a private redis-server, the built API, two judge worker processes), 100 users, 300 submissions in a
 * burst, once as is and once through the faults (kill -9 a judge, restart Redis, stop PostgreSQL for
 * 10 s). Nothing may be lost and the leaderboard must equal an independent recount from the database.
 */
const ROOT = resolve(__dirname, '../../..');
const SCRIPT = join(ROOT, 'bench/contest-day/run.mjs');
const RUN_LIMIT_MS = 420_000;

interface Report {
  submissions: number;
  sentWithinSeconds: number;
  lost: number;
  lostDetails: unknown[];
  verdictsReturned: number;
  verdicts: Record<string, number>;
  wrongVerdicts: number;
  refusals: Record<string, number>;
  leaderboard: { correct: boolean; rows: number; recountRows: number; mismatches: string[] };
  integrity: Record<string, number>;
  faultLog: string[];
  judgesAtEnd: { name: string; alive: boolean }[];
  queueWaitMs: { p50: number; p95: number; max: number };
  reads: { total: number; ok: number; p99: number };
  ok: boolean;
}

function runContestDay(args: string[]): Promise<{ code: number | null; output: string; report?: Report }> {
  const dir = mkdtempSync(join(tmpdir(), 'contest-day-'));
  const json = join(dir, 'report.json');
  return new Promise((done) => {
    let output = '';
    const child = spawn(
      process.execPath,
      [SCRIPT, ...args, '--json', json, '--max-seconds', String(RUN_LIMIT_MS / 1000 - 20)],
      {
        cwd: ROOT,
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      const report = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as Report) : undefined;
      rmSync(dir, { recursive: true, force: true });
      done({ code, output, report });
    });
  });
}

function expectNothingLost(run: { code: number | null; output: string; report?: Report }) {
  if (!run.report || run.code !== 0) console.log(run.output);
  const r = run.report!;
  expect(r, run.output).toBeDefined();
  expect(r.sentWithinSeconds).toBeLessThanOrEqual(60);
  expect(r.lostDetails).toEqual([]);
  expect(r.lost).toBe(0);
  expect(r.verdictsReturned).toBe(r.submissions);
  // The judge's own suite checks verdicts; here a starved machine may turn a rare run into a TLE.
  expect(r.wrongVerdicts).toBeLessThanOrEqual(Math.ceil(r.submissions * 0.02));
  expect(r.leaderboard.mismatches).toEqual([]);
  expect(r.leaderboard.correct).toBe(true);
  expect(r.leaderboard.rows).toBe(r.leaderboard.recountRows);
  expect(r.leaderboard.rows).toBeGreaterThan(0);
  for (const key of [
    'submissions_without_judgement',
    'submissions_not_matching_judgement',
    'solves_without_accepted_submission',
    'double_solves',
    'solves_with_wrong_points',
  ]) {
    expect(r.integrity[key], key).toBe(0);
  }
  expect(run.code).toBe(0);
}

/** The CI size of the contest-day run: 100 users, 300 submissions in 20 s, 2 judges, 4 readers. */
const REDUCED_RUN = [
  '--users',
  '100',
  '--submissions',
  '300',
  '--burst-seconds',
  '20',
  '--judges',
  '2',
  '--readers',
  '4',
];

describe('contest day, reduced (100 users, 300 submissions, 2 judges)', () => {
  it(
    'judges every submission of a burst and keeps the leaderboard equal to a recount',
    async () => {
      const run = await runContestDay(REDUCED_RUN);
      expectNothingLost(run);
      const r = run.report!;
      expect(Object.keys(r.verdicts).sort()).toEqual([
        'accepted',
        'compilation_error',
        'time_limit_exceeded',
        'wrong_answer',
      ]);
      expect(r.reads.ok).toBeGreaterThan(0);
      expect(r.judgesAtEnd.every((j) => j.alive)).toBe(true);
    },
    RUN_LIMIT_MS,
  );

  it(
    'loses nothing through kill -9 of a judge, a Redis restart and PostgreSQL stopped for 10 s',
    async () => {
      const run = await runContestDay([
        ...REDUCED_RUN,
        '--fault',
        'kill-judge,restart-redis,stop-postgres',
        '--fault-at',
        '0.25',
      ]);
      expectNothingLost(run);
      const log = run.report!.faultLog.join('\n');
      // While a service is down the API says so: 503 with Retry-After and a sentence, never a 401 or a 500.
      expect(log).toMatch(
        /restart-redis \(down\): POST \/api\/execute-code answered 503 \(Retry-After \d+\): The judge is unavailable/,
      );
      expect(log).toMatch(
        /stop-postgres \(down\): POST \/api\/execute-code answered 503 \(Retry-After \d+\): The service is temporarily unavailable/,
      );
      const pgProbe = run.report!.faultLog.find((l) => l.startsWith('stop-postgres (down 10 s)'))!;
      expect(pgProbe).toMatch(/503 \(Retry-After \d+\)/);
      expect(pgProbe).not.toMatch(/\b(401|500)\b/);
      expect(log).toMatch(/restart-redis: answering again/);
      expect(log).toMatch(/stop-postgres: answering again/);
      expect(log).toMatch(/restart-redis: ready again/);
      expect(log).toMatch(/stop-postgres: ready again/);
      expect(log).toMatch(/kill-judge: judge#0 killed with SIGKILL/);
    },
    RUN_LIMIT_MS,
  );
});
