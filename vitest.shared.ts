import { resolve } from 'node:path';

/** Resolve the workspace libraries to their TypeScript sources, as tsconfig.base.json's paths do. */
export const workspaceAliases = {
  '@javelin/code-analysis': resolve(__dirname, 'libs/code-analysis/src/index.ts'),
  '@javelin/contracts': resolve(__dirname, 'libs/contracts/src/index.ts'),
  '@javelin/java-io': resolve(__dirname, 'libs/java-io/src/index.ts'),
};
