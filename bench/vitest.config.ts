import { defineConfig } from 'vitest/config';

// ESLint loads the whole workspace config (typescript-eslint, the Nx plugin): slow on a busy machine.
export default defineConfig({ test: { include: ['*.spec.ts'], environment: 'node', testTimeout: 60_000 } });
