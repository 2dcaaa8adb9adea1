import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { JudgeJobData, JudgeJobResult, ProblemInputType } from '@javelin/contracts';

/**
 * The apps as a benchmark reaches them: through their built outputs (`apps/<app>/dist`), loaded at
 * run time, never their sources. The `bench` Nx project builds them first (its targets depend on
 * `judge:build` and `api:build`), and the lint's module boundaries fail any import of an app's files.
 * Each shape below names only what the benchmarks call.
 */
const ROOT = join(__dirname, '..');
const load = createRequire(join(ROOT, 'package.json'));

function built<T>(app: string, file: string): T {
  const path = join(ROOT, 'apps', app, 'dist', file);
  if (!existsSync(path))
    throw new Error(`${path} is missing: run \`npx nx run-many -t build -p contracts java-io ${app}\` first`);
  return load(path) as T;
}

export interface BuiltJudge {
  readonly config: { mode: string };
  judge(data: JudgeJobData): Promise<JudgeJobResult>;
  close(): Promise<void>;
}

/** The judge app: its configuration and the in-process `Judge` (sandboxed JVMs, no Redis). */
export function judgeApp() {
  const { loadConfig } = built<{ loadConfig(): unknown }>('judge', 'config.js');
  const { Judge } = built<{ Judge: { create(config: unknown): Promise<BuiltJudge> } }>('judge', 'judge.js');
  return { loadConfig, Judge };
}

export interface SeedProblem {
  title: string;
  checkerCode?: string;
  inputVariables: { name: string; type: ProblemInputType }[];
  testCases: { inputs: Record<string, string>; expectedOutput: string }[];
}

/** The API's seed catalog: the starter problems and their reference solutions. */
export function seedCatalog() {
  return built<{ CATALOG: SeedProblem[]; referenceSolution(problem: SeedProblem): string }>(
    'api',
    'seed/catalog.js',
  );
}
