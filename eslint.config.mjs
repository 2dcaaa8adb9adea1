import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';

/** Web files outside app/ never import it: app/ is the composition root (issue 33). */
const NOT_FROM_APP = {
  group: ['**/app', '**/app/*', '**/app/**'],
  message: 'app/ is the composition root: import what features share from lib/, not app/.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/var/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:backend', onlyDependOnLibsWithTags: ['scope:backend', 'scope:shared'] },
            // The judge is a worker that shares only libs with the API: neither imports the other's code.
            { sourceTag: 'type:api', notDependOnLibsWithTags: ['type:worker'] },
            { sourceTag: 'type:worker', notDependOnLibsWithTags: ['type:api'] },
            { sourceTag: 'scope:frontend', onlyDependOnLibsWithTags: ['scope:frontend', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            // bench/ runs the apps from their built dist (bench/apps.ts); of the projects it imports only libs.
            { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    // The judging path stays readable in small pieces (issue 27): no function over ~60 lines.
    files: ['apps/judge/src/**/*.ts'],
    ignores: ['apps/judge/src/ai/**', 'apps/judge/src/**/*.spec.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A web component or hook reads in a screen's length (issue 45): no function over 100 lines.
    // Split a page into pieces named for what they show; tests are exempt (a test's describe is no component).
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Also said by the module boundaries (no relative import into another project); this names the fix.
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/*/src', '**/apps/*/src/**', '**/apps/*/dist/**'],
              message: 'bench reaches the apps through their built dist at run time: see bench/apps.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // apps/web's app/ is the composition root (main, router, store, shell): features, lib/ and
    // components never import it (issue 33); what they share lives on the bottom floor, lib/.
    // The test harness (src/test/) builds the real store, as main.tsx does.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/main.tsx', 'apps/web/src/app/**', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_FROM_APP,
          ],
        },
      ],
    },
  },
  {
    // lib/ and components/ are the bottom floor: they import neither app/ nor a feature.
    files: [
      'apps/web/src/lib/**/*.ts',
      'apps/web/src/lib/**/*.tsx',
      'apps/web/src/components/**/*.ts',
      'apps/web/src/components/**/*.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_FROM_APP,
            {
              group: ['**/features/**'],
              message:
                'lib/ and components/ are the bottom floor: a feature imports them, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
