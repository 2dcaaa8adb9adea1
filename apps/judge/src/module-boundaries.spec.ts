import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The judge's layers from the top of the import graph down (DMOJ's seams): a file may import only
 * from its own unit or from a unit ranked below it, never back up. A unit is a folder of src, or a
 * file at its top. Units sharing a rank sit beside each other and import neither way.
 * The process (main, worker) → the AI's jobs → Judge → start-up → grading → executing → the sandbox;
 * the built-in checkers are pure functions; configuration and the log line are at the bottom.
 */
const RANKS: Record<string, number> = {
  'main.ts': 0,
  'worker.ts': 1,
  ai: 2,
  // The worker's copy of large test data fetched by reference (judge job version 3), beside the AI's jobs.
  'test-data.ts': 2,
  'judge.ts': 3,
  'startup.ts': 4,
  // startup.ts's pieces: the trusted Java built at start, its archives.
  startup: 5,
  grader: 5,
  executor: 6,
  sandbox: 7,
  checkers: 8,
  'config.ts': 9,
  'log.ts': 9,
};

/** No source file of the judge (tests aside) is longer than a newcomer can hold in mind (issue 46). */
const MAX_LINES = 400;

const SRC = __dirname;
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const isSpec = (path: string) => path.endsWith('.spec.ts');

/** The unit of a file of src (a spec belongs to the file it tests), or of an import's target (extension-less). */
function unitOf(path: string): string {
  const parts = relative(SRC, path).split('/');
  if (parts.length > 1) return parts[0];
  const name = parts[0].replace(/\.spec\.ts$/, '.ts');
  if (name.endsWith('.ts')) return name;
  // An import of `./x`: the file x.ts, else the folder x (its index.ts).
  return existsSync(`${path}.ts`) || !existsSync(path) || !statSync(path).isDirectory() ? `${name}.ts` : name;
}

interface Arrow {
  file: string;
  specifier: string;
  from: string;
  to: string;
}

/** Every relative import in src that crosses from one unit to another. */
function arrows(): Arrow[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map(([, specifier]) => ({
        file: relative(SRC, file),
        specifier,
        from: unitOf(file),
        to: unitOf(resolve(dirname(file), specifier)),
      }))
      .filter((arrow) => arrow.from !== arrow.to),
  );
}

function runsDown({ from, to }: Arrow): boolean {
  return from in RANKS && to in RANKS && RANKS[to] > RANKS[from];
}

describe('apps/judge/src module boundaries', () => {
  it('ranks every folder and top-level file of src', () => {
    const units = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !isSpec(e.name)))
      .map((e) => e.name);
    expect(units.filter((unit) => !(unit in RANKS))).toEqual([]);
  });

  it('reads the imports between units, down the judging path', () => {
    const found = new Set(arrows().map((a) => `${a.from} → ${a.to}`));
    for (const expected of [
      'worker.ts → judge.ts',
      'judge.ts → grader',
      'grader → executor',
      'executor → sandbox',
      'grader → checkers',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('has no import running back up (executor/ and sandbox/ never import grader/)', () => {
    const wrong = arrows().filter((arrow) => !runsDown(arrow));
    expect(wrong.map((a) => `${a.file} imports ${a.specifier} (${a.from} → ${a.to})`)).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines (tests aside)`, () => {
    const long = sourceFiles(SRC)
      .filter((file) => !isSpec(file))
      .map((file) => ({
        file: relative(SRC, file),
        lines: readFileSync(file, 'utf8').trimEnd().split('\n').length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long.map(({ file, lines }) => `${file}: ${lines} lines`)).toEqual([]);
  });
});
