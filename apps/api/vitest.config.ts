import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared';

export default defineConfig({
  // swc keeps the decorator metadata Nest's dependency injection reads (esbuild drops it).
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: { alias: workspaceAliases },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.integration-spec.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration files share one database; run them one after another.
    fileParallelism: false,
  },
});
