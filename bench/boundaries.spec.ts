import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The workspace's lint rules that keep bench/ out of the apps' sources and apps/web's app/ a root only. */
const ROOT = join(__dirname, '..');

async function restrictedImports(file: string, code: string, severity?: 'error'): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    ...(severity ? { overrideConfig: { rules: { 'no-restricted-imports': severity } } } : {}),
  });
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

  it("name apps/web's app/ as the composition root a feature must not import (the rule, once switched on)", async () => {
    const code = "import { useAppDispatch } from '../../app/hooks';\nexport const d = useAppDispatch;\n";
    expect(await restrictedImports('apps/web/src/features/x/y.ts', code, 'error')).toEqual([
      expect.stringContaining('app/ is the composition root'),
    ]);
    expect(
      await restrictedImports(
        'apps/web/src/services/y.ts',
        "import { m } from '../app/messages';\nexport const x = m;\n",
        'error',
      ),
    ).toHaveLength(1);
    // app/ itself and main.tsx compose the features.
    expect(
      await restrictedImports(
        'apps/web/src/app/router2.tsx',
        "import { s } from './store';\nexport const x = s;\n",
        'error',
      ),
    ).toEqual([]);
  });
});
