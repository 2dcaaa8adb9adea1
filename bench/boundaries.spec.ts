import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The workspace's lint rules that keep bench/ out of the apps' sources and apps/web's app/ a root only. */
const ROOT = join(__dirname, '..');

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries', () => {
  it("fail bench/ importing an app's sources or its dist", async () => {
    for (const target of [
      '../../apps/judge/src/judge',
      '../apps/api/src/seed/catalog',
      '../../apps/judge/dist/judge',
    ])
      expect(
        await restrictedImports(
          'bench/checkers/x.ts',
          `import { a } from '${target}';\nexport const b = a;\n`,
        ),
      ).toEqual([expect.stringContaining('bench reaches the apps through their built dist')]);
  });

  it('let bench/ import the libs', async () => {
    expect(
      await restrictedImports(
        'bench/checkers/x.ts',
        "import { DEFAULT_JUDGE_LIMITS } from '@javelin/contracts';\nexport const v = DEFAULT_JUDGE_LIMITS;\n",
      ),
    ).toEqual([]);
  });

  it("fail a feature or lib/ importing apps/web's app/, the composition root", async () => {
    const code = "import { makeStore } from '../../app/store';\nexport const d = makeStore;\n";
    expect(await restrictedImports('apps/web/src/features/x/y.ts', code)).toEqual([
      expect.stringContaining('app/ is the composition root'),
    ]);
    expect(
      await restrictedImports(
        'apps/web/src/lib/y.ts',
        "import { m } from '../app/router';\nexport const x = m;\n",
      ),
    ).toEqual([expect.stringContaining('app/ is the composition root')]);
    // app/ itself and main.tsx compose the features.
    expect(
      await restrictedImports(
        'apps/web/src/app/router2.tsx',
        "import { s } from './store';\nexport const x = s;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'apps/web/src/main.tsx',
        "import { s } from './app/store';\nexport const x = s;\n",
      ),
    ).toEqual([]);
  });

  it("fail apps/web's bottom floor (lib/, components/) importing a feature", async () => {
    for (const file of ['apps/web/src/lib/y.ts', 'apps/web/src/components/Y.tsx'])
      expect(
        await restrictedImports(
          file,
          "import { a } from '../features/auth/authSlice';\nexport const x = a;\n",
        ),
      ).toEqual([expect.stringContaining('lib/ and components/ are the bottom floor')]);
    expect(
      await restrictedImports(
        'apps/web/src/features/x/y.ts',
        "import { api } from '../../lib/api';\nimport { Badge } from '../../components/Badge';\nexport const x = [api, Badge];\n",
      ),
    ).toEqual([]);
  });
});
