import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared';

/**
 * `./javelin test` runs the API's integration files in two sets (API_TESTS): the ones that start no
 * judge (no JVM, little CPU of their own) run beside lint and typecheck; the ones that start a judge
 * run beside nothing CPU-hungry (only the browser journeys, which mostly wait), as their judges' timings
 * need. Unset, every file runs. Names are under test/, without `.integration-spec.ts`.
 */
const BESIDE_CHECKS = [
  'admin',
  'auth-cache',
  'auth',
  'backpressure',
  'bad-input',
  'clarifications',
  'contest-cache',
  'contest-day',
  'contest-packages-reuse',
  'contests',
  'contract/fuzz-generators',
  'contract/fuzz',
  'contract/openapi',
  'freeze-walk',
  'import-visibility',
  'numbers',
  'oauth',
  'package-bounds',
  'plagiarism',
  'problems',
  'profiles',
  'rate-limits',
  'redis-namespace',
  'request-edge',
  'secure-by-default',
  'standings-coalescing',
  'text-edge',
  'web-serving',
];
const STARTS_A_JUDGE = [
  'ai-corpus',
  'ai-sandbox',
  'ai-sizes-and-contests',
  'ai',
  'clics',
  'contest-packages',
  'contract/authorization-matrix',
  'execution',
  'icpc-minute-ties',
  'icpc-tools',
  'icpc',
  'interactive-packages',
  'judging-progress',
  'operations',
  'package-timing',
  'packages',
  'problem-checkers',
  'python-multipass-packages',
  'rejudge-checkers',
  'rejudge',
  'rolling-upgrade',
  'scoring',
  'seed-olympiad',
  'seed',
  'submission-history',
  'submit-judging',
  'test-data-refs',
  'test-text-digests',
  'virtual',
];

const SUFFIX = '.integration-spec.ts';
const onDisk = (readdirSync(join(__dirname, 'test'), { recursive: true }) as string[])
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith(SUFFIX))
  .map((path) => path.slice(0, -SUFFIX.length));
// A new file in neither list would silently run in no set under ./javelin test: refuse to start instead.
const misplaced = [
  ...onDisk.filter((name) => BESIDE_CHECKS.includes(name) === STARTS_A_JUDGE.includes(name)),
  ...[...BESIDE_CHECKS, ...STARTS_A_JUDGE].filter((name) => !onDisk.includes(name)),
];
if (misplaced.length > 0)
  throw new Error(
    `apps/api/vitest.config.ts: every test/**/*${SUFFIX} must be in exactly one of BESIDE_CHECKS and ` +
      `STARTS_A_JUDGE (a file that starts a judge goes in STARTS_A_JUDGE): ${misplaced.join(', ')}`,
  );

const files = (names: string[]) => names.map((name) => `test/${name}${SUFFIX}`);
const sets: Record<string, string[]> = {
  'beside-checks': ['src/**/*.spec.ts', ...files(BESIDE_CHECKS)],
  alone: files(STARTS_A_JUDGE),
};
const chosen = process.env.API_TESTS;
if (chosen && !sets[chosen])
  throw new Error(
    `API_TESTS=${chosen}: expected one of ${Object.keys(sets).join(', ')}, or unset for every file`,
  );

export default defineConfig({
  // swc keeps the decorator metadata Nest's dependency injection reads (esbuild drops it).
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: { alias: workspaceAliases },
  test: {
    include: chosen ? sets[chosen] : ['src/**/*.spec.ts', `test/**/*${SUFFIX}`],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files share one database; run them one after another.
    fileParallelism: false,
  },
});
