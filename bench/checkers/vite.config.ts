import { defineConfig } from 'vite';
import { workspaceAliases } from '../../vitest.shared';

// vite-node resolves the workspace's libs (and the judge's and API's sources) as the tests do.
export default defineConfig({ resolve: { alias: workspaceAliases } });
