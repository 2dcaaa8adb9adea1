import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared';

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: { include: ['src/**/*.spec.ts'], environment: 'node', testTimeout: 60_000 },
});
