/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceAliases } from '../../vitest.shared';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: workspaceAliases },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // Monaco's lazy chunk is ~3 MB by itself; it loads only on solving pages.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 3500 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test-setup.ts'],
    // Tests that type whole forms take seconds on a shared, busy CI machine; the default 5 s fails them spuriously.
    testTimeout: 20_000,
  },
});
