import { defineConfig } from 'vitest/config';

// Browser journeys against the running stack: one file after another, each step given time for the judge.
export default defineConfig({
  test: {
    // Vitest rewrites BASE_URL (Vite's base path) inside tests, so the stack's address travels as E2E_BASE_URL.
    env: { E2E_BASE_URL: process.env.E2E_BASE_URL ?? process.env.BASE_URL ?? 'http://localhost:3000' },
    include: ['src/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { concurrent: false },
    bail: 1,
    // The journeys count in `./javelin test`'s closing line (scripts/test-summary.mjs) like every project.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results.json' },
  },
});
