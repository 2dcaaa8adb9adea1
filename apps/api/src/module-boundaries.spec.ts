import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folders of apps/api/src from the top of the import graph down: a file may import only from
 * its own folder or from a folder ranked below it. Folders sharing a rank sit beside each other
 * and import neither way. Judging runs execution → submissions → contests → problems → users.
 */
const RANKS: Record<string, number> = {
  '.': 0,
  seed: 0,
  database: 1,
  // The OpenAPI document describes every module's DTOs; only bootstrap reads it.
  openapi: 1,
  admin: 2,
  ai: 2,
  health: 2,
  leaderboard: 2,
  profiles: 2,
  // Beside admin: plagiarism reads contests' accepted submissions; clarifications talk on the contest stream.
  clarifications: 2,
  plagiarism: 2,
  // The CLICS Contest API (issue 32) reads contests' standings and checks passwords through auth.
  clics: 2,
  // Schools and clubs (issue 32): admins manage them; profiles and the CLICS API read their table.
  organizations: 3,
  // Reference solutions run through the judge queue (execution) on problems' tests.
  reference: 3,
  // Problem packages (issue 29): import, verify and export store problems and run jury submissions through the judge.
  packages: 3,
  // Contest packages (issue 43): a contest with its problems (as packages imports them), teams and accounts.
  'contest-packages': 2,
  // Runs and submits (/execute-code): judged through the queue, and the judgement kept for submissions to cite.
  execution: 4,
  submissions: 5,
  contests: 6,
  problems: 7,
  auth: 8,
  users: 9,
  mail: 10,
  common: 11,
  observability: 11,
  redis: 12,
  config: 13,
};

const SRC = __dirname;
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function folderOf(path: string): string {
  const parts = relative(SRC, path).split('/');
  return parts.length === 1 ? '.' : parts[0];
}

interface Arrow {
  file: string;
  specifier: string;
  from: string;
  to: string;
}

/** Every relative import in src that crosses from one folder to another. */
function arrows(): Arrow[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map(([, specifier]) => ({
        file: relative(SRC, file),
        specifier,
        from: folderOf(file),
        to: folderOf(resolve(dirname(file), specifier)),
      }))
      .filter((arrow) => arrow.from !== arrow.to),
  );
}

function runsDown({ from, to }: Arrow): boolean {
  return from in RANKS && to in RANKS && RANKS[to] > RANKS[from];
}

describe('apps/api/src module boundaries', () => {
  it('ranks every folder of src', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((folder) => !(folder in RANKS))).toEqual([]);
  });

  it('reads the imports between folders, judging among them', () => {
    const found = new Set(arrows().map((a) => `${a.from} → ${a.to}`));
    for (const expected of [
      'execution → submissions',
      'submissions → contests',
      'contests → problems',
      'problems → users',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('has no import running back up between folders', () => {
    const wrong = arrows().filter((arrow) => !runsDown(arrow));
    expect(wrong.map((a) => `${a.file} imports ${a.specifier} (${a.from} → ${a.to})`)).toEqual([]);
  });
});

/**
 * Issue 46: every API and judge source file reads in a screen's length or a few, at most MAX_LINES
 * lines. Tests, migrations, seed data and generated files aside: they are read a case or a row at a time.
 */
const MAX_LINES = 400;
const JUDGE_SRC = resolve(SRC, '../../judge/src');
const REPOSITORY = resolve(SRC, '../../..');
const NOT_BOUNDED_FOLDERS = ['test', 'tests', '__tests__', 'migrations'];
/** The seed's catalogs are data: problems, statements and tests written out. */
const SEED_DATA = /^apps\/api\/src\/seed\/catalog[^/]*\.ts$/;

/** The API's and the judge's source files the bound applies to, by their paths in the repository. */
function boundedFiles(): { path: string; text: string }[] {
  return [...sourceFiles(SRC), ...sourceFiles(JUDGE_SRC)]
    .map((file) => ({
      path: relative(REPOSITORY, file).split(sep).join('/'),
      text: readFileSync(file, 'utf8'),
    }))
    .filter(
      ({ path, text }) =>
        !/\.(spec|test)\.ts$/.test(path) &&
        !path.endsWith('.d.ts') &&
        !path.split('/').some((part) => NOT_BOUNDED_FOLDERS.includes(part)) &&
        !SEED_DATA.test(path) &&
        !text.slice(0, 400).includes('@generated'),
    );
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('API and judge source files', () => {
  it('bounds the source of both apps, tests, migrations and seed data aside', () => {
    const bounded = boundedFiles().map((file) => file.path);
    expect(bounded).toContain('apps/api/src/main.ts');
    expect(bounded).toContain('apps/judge/src/main.ts');
    expect(bounded).not.toContain('apps/api/src/module-boundaries.spec.ts');
    expect(bounded).not.toContain('apps/api/src/seed/catalog.ts');
    expect(bounded).toContain('apps/api/src/seed/seed.ts');
    expect(bounded.filter((path) => path.includes('/migrations/'))).toEqual([]);
  });

  it(`has no file over ${MAX_LINES} lines`, () => {
    const offenders = boundedFiles()
      .map(({ path, text }) => ({ path, lines: lineCount(text) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(offenders, `split these by what they do, each at most ${MAX_LINES} lines`).toEqual([]);
  });
});
