import { JURY_FOLDERS, type JuryFolder, PackageMessages, type Verdict } from '@javelin/contracts';
import { utf8 } from './files';
import type { JuryProgram } from './types';

/** submissions/: the jury's Java programs, each with the verdicts its folder (or its header) allows. */

/** The judge's verdicts each folder of `submissions/` allows (the format's meaning of the folder). */
const FOLDER_VERDICTS: Record<JuryFolder, Verdict[]> = {
  accepted: ['accepted'],
  wrong_answer: ['wrong_answer'],
  time_limit_exceeded: ['time_limit_exceeded'],
  // A Java program that runs out of memory crashes: the format counts it a run-time error.
  run_time_error: ['runtime_error', 'memory_limit_exceeded'],
  rejected: [
    'wrong_answer',
    'time_limit_exceeded',
    'runtime_error',
    'memory_limit_exceeded',
    'output_limit_exceeded',
  ],
  mixed: [
    'accepted',
    'wrong_answer',
    'time_limit_exceeded',
    'runtime_error',
    'memory_limit_exceeded',
    'output_limit_exceeded',
  ],
  slow_accepted: ['accepted', 'time_limit_exceeded'],
};

/** DOMjudge's `@EXPECTED_RESULTS@:` names, as the judge's verdicts. */
const EXPECTED_RESULT_VERDICTS: Record<string, Verdict[]> = {
  CORRECT: ['accepted'],
  ACCEPTED: ['accepted'],
  WRONG_ANSWER: ['wrong_answer'],
  NO_OUTPUT: ['wrong_answer'],
  TIMELIMIT: ['time_limit_exceeded'],
  TIME_LIMIT_EXCEEDED: ['time_limit_exceeded'],
  RUN_ERROR: ['runtime_error', 'memory_limit_exceeded'],
  RUN_TIME_ERROR: ['runtime_error', 'memory_limit_exceeded'],
  MEMORY_LIMIT: ['memory_limit_exceeded', 'runtime_error'],
  OUTPUT_LIMIT: ['output_limit_exceeded'],
  COMPILER_ERROR: ['compilation_error'],
};

/** `submissions/<folder>/<Program>.java`: the Java ones, with the verdicts their folder or header allows. */
export function readJury(files: Map<string, Buffer>, warnings: string[]): JuryProgram[] {
  const jury: JuryProgram[] = [];
  const skipped: string[] = [];
  /** The folders that are one program each (issue 42): `submissions/<verdict>/<folder>/**`. */
  const folders = new Map<string, { folder: string; files: { path: string; content: string }[] }>();
  for (const path of [...files.keys()].sort()) {
    const match = /^submissions?\/([^/]+)\/(.+)$/.exec(path);
    if (!match || match[2] === 'submissions.yaml') continue;
    const [, folder, rest] = match;
    if (!(JURY_FOLDERS as readonly string[]).includes(folder)) {
      warnings.push(PackageMessages.skippedFolder(path));
      continue;
    }
    if (rest.includes('/')) {
      const program = `submissions/${folder}/${rest.slice(0, rest.indexOf('/'))}`;
      const entry = folders.get(program) ?? { folder, files: [] };
      folders.set(program, entry);
      if (rest.endsWith('.java'))
        entry.files.push({ path: rest.slice(rest.indexOf('/') + 1), content: utf8(path, files.get(path)!) });
      continue;
    }
    if (!rest.endsWith('.java')) {
      skipped.push(path);
      continue;
    }
    const code = utf8(path, files.get(path)!);
    jury.push({
      path: `submissions/${folder}/${rest}`,
      code,
      expected: expectedResults(code) ?? FOLDER_VERDICTS[folder as JuryFolder],
    });
  }
  for (const [path, { folder, files: sources }] of folders) {
    if (sources.length === 0) {
      skipped.push(`${path}/`);
      continue;
    }
    const header = sources.map((f) => expectedResults(f.content)).find((v) => v !== undefined);
    jury.push({ path, code: '', files: sources, expected: header ?? FOLDER_VERDICTS[folder as JuryFolder] });
  }
  jury.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  if (skipped.length > 0)
    warnings.push(
      skipped.length <= 3
        ? skipped.map(PackageMessages.skippedSubmission).join('; ')
        : `${skipped.length} jury submissions skipped (${skipped.slice(0, 3).join(', ')}, …): only Java jury submissions are kept`,
    );
  return jury;
}

/** A DOMjudge `@EXPECTED_RESULTS@: WRONG_ANSWER, TIMELIMIT` header, as the judge's verdicts. */
function expectedResults(code: string): Verdict[] | undefined {
  const match = /@EXPECTED_RESULTS@\s*:?\s*([A-Z_, \t]+)/.exec(code);
  if (!match) return undefined;
  const verdicts = match[1]
    .split(/[,\s]+/)
    .filter(Boolean)
    .flatMap((name) => EXPECTED_RESULT_VERDICTS[name] ?? []);
  return verdicts.length > 0 ? [...new Set(verdicts)] : undefined;
}
