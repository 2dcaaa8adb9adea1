import {
  canonicalTags,
  difficultyOfKeywords,
  type Difficulty,
  CLASSIC_LIMITS,
  type CustomOutputValidator,
  type Interaction,
  type InteractionLine,
  JURY_FOLDERS,
  type JuryFolder,
  PACKAGE_LIMITS,
  PackageMessages,
  parseDefaultValidatorFlags,
  PROBLEM_DESCRIPTION_MAX_LENGTH,
  PROBLEM_TITLE_MAX_LENGTH,
  type Verdict,
  type TestGroup,
  TEST_GROUP_LIMITS,
} from '@javelin/contracts';
import { parse as parseYaml } from 'yaml';
import { latexToMarkdown, StatementTooLarge } from './latex';
import { timingRuleOf, type TimingRule } from './timing';
import { PackageError } from './zip';

/**
 * A problem package (the ICPC / Kattis problem package format: legacy, 2023-07 and 2025-09) read into
 * what Javelin stores of a classic problem. Pure: the files in, the problem out, or a PackageError
 * naming the file and what is wrong with it.
 */
export interface ReadPackage {
  title: string;
  /** Markdown; images referred to by their plain names (the importer points them at the problem's image route). */
  description: string;
  /** Canonical tags (libs/contracts tags.ts): the keywords less a difficulty word. */
  tags: string[];
  /** The difficulty a keyword names ('easy', 'medium', 'hard'; Javelin's reading of keywords), or null. */
  difficulty: Difficulty | null;
  memoryLimitMb: number | null;
  validatorFlags: string[];
  outputValidator: CustomOutputValidator | null;
  /** How the program meets its validator (issue 42); interactive and multi-pass need `outputValidator`. */
  interaction: Interaction;
  /** The stated time limit, or the default until the importer sets one from the jury (`timing`). */
  timeLimitMs: number;
  /** When the package states no time limit: the format's rule to set it from the accepted jury submissions. */
  timing: TimingRule | null;
  /** A multi-pass problem's most passes (`limits.validation_passes`, default 2); null otherwise. */
  validationPasses: number | null;
  /** `.interaction` files without a test beside them, in name order: shown on the problem page only. */
  sampleInteractions: InteractionLine[][];
  /** In the format's order: lexicographic on the test's name (`sample/1` before `secret/g1/01`). */
  tests: {
    name: string;
    input: string;
    answer: string;
    isExample: boolean;
    group?: string;
    /** A sample's `.interaction` file, as a dialogue. */
    interaction?: InteractionLine[];
    /** Its test group's own validator flags, when they differ from the problem's (issue 42). */
    validatorFlags?: string[];
  }[];
  /** A scoring package's test groups (issue 31): the folders under data/secret, each worth its accept_score. */
  testGroups: TestGroup[];
  jury: JuryProgram[];
  images: { name: string; contentType: string; data: Buffer }[];
  warnings: string[];
}

export interface JuryProgram {
  path: string;
  code: string;
  expected: Verdict[];
  /** A program of several files (a folder, issue 42): each `.java` file by its path inside the folder. */
  files?: { path: string; content: string }[];
}

/** The judge's verdicts each folder of `submissions/` allows (the format's meaning of the folder). */
export const FOLDER_VERDICTS: Record<JuryFolder, Verdict[]> = {
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

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const CPP_EXTENSIONS = ['cpp', 'cc', 'cxx', 'c++', 'h', 'hpp', 'hh'];

type Yaml = Record<string, unknown>;

export function readPackage(given: ReadonlyMap<string, Buffer>, packageName = 'problem'): ReadPackage {
  const files = withoutTopFolder(withoutIgnored(given));
  refuseLargeYaml(files);
  const warnings: string[] = [];
  const yamlFile = files.get('problem.yaml');
  const statement = findStatement(files);
  if (!yamlFile && !statement) throw new PackageError(PackageMessages.noProblem);
  const yaml: Yaml = yamlFile ? readYaml('problem.yaml', yamlFile) : {};
  const version = typeof yaml.problem_format_version === 'string' ? yaml.problem_format_version : 'legacy';
  refuseUnhostable(yaml);
  const interaction = interactionOf(yaml);

  const outputValidator = readOutputValidator(files, warnings);
  if (!outputValidator && interaction !== 'none')
    throw new PackageError(PackageMessages.interactiveWithoutValidator(interaction));
  if (!outputValidator && legacyCustom(yaml)) throw new PackageError(PackageMessages.customWithoutValidator);
  const { flags, source: flagsSource } = readValidatorFlags(files, yaml);
  if (!outputValidator) {
    const parsed = parseDefaultValidatorFlags(flags);
    if (!parsed.ok) throw new PackageError(PackageMessages.badValidatorFlags(flagsSource, parsed.error));
  }

  let description = '';
  let statementImages: string[] = [];
  if (statement) {
    const text = statementSource(statement.path, files.get(statement.path)!);
    if (statement.path.endsWith('.tex')) {
      const converted = convertLatex(statement.path, text);
      description = converted.markdown;
      statementImages = converted.images;
      warnings.push(...converted.warnings);
    } else {
      description = text;
      statementImages = markdownImages(text);
    }
    description = description.replace(/\{\{\s*(nextsample|remainingsamples)\s*\}\}/g, '').trim();
    if (description.length > PACKAGE_LIMITS.maxStatementCharacters)
      throw new PackageError(
        PackageMessages.statementTooLarge(statement.path, PACKAGE_LIMITS.maxStatementCharacters),
      );
    if (description.length > PROBLEM_DESCRIPTION_MAX_LENGTH)
      warnings.push(
        `The statement is longer than ${PROBLEM_DESCRIPTION_MAX_LENGTH} characters: the problem form cannot save it unshortened`,
      );
  } else warnings.push(PackageMessages.noStatement);

  const images = readImages(files, statement?.folder, statementImages, warnings);
  let title =
    nameOf(yaml, statement?.language) ?? (statement ? latexTitle(files, statement.path) : undefined);
  if (!title) {
    title = packageName;
    warnings.push(PackageMessages.noName);
  }
  if (title.length > PROBLEM_TITLE_MAX_LENGTH) title = title.slice(0, PROBLEM_TITLE_MAX_LENGTH);

  const tests = readTests(files);
  applyGroupFlags(files, tests, flags, !outputValidator);
  const sampleInteractions = readInteractions(files, tests);
  const testGroups = yamlScoring(yaml) ? scoringGroups(files, tests, warnings) : [];
  const jury = readJury(files, warnings);
  return {
    title,
    description,
    tags: canonicalTags(keywordsOf(yaml)),
    difficulty: difficultyOfKeywords(keywordsOf(yaml)),
    ...readTimeLimit(files, yaml, version, warnings),
    memoryLimitMb: readMemoryLimit(yaml, warnings),
    validatorFlags: flags,
    outputValidator,
    interaction,
    validationPasses: interaction === 'multi-pass' ? readPasses(yaml) : null,
    sampleInteractions,
    tests,
    testGroups,
    jury,
    images,
    warnings,
  };
}

/**
 * A scoring package's subtasks (issue 31): each folder under data/secret is a test group, in the
 * format's (lexicographic) order, worth its testdata.yaml's `accept_score` (2023-07) or test_group.yaml's
 * `max_score` (2025-09); secret tests outside a folder form the group `secret`. Javelin earns a group's
 * points when all its tests pass, so a group without a score is worth its number of tests (the format's
 * default of 1 per test). Each secret test is given its group.
 */
function scoringGroups(
  files: Map<string, Buffer>,
  tests: ReadPackage['tests'],
  warnings: string[],
): TestGroup[] {
  const counts = new Map<string, number>();
  for (const test of tests) {
    if (test.isExample) continue;
    const parts = test.name.split('/');
    test.group = parts.length > 2 ? parts[1] : 'secret';
    counts.set(test.group, (counts.get(test.group) ?? 0) + 1);
  }
  const groups = [...counts].map(([name, count]) => ({ name, points: groupScore(files, name) ?? count }));
  if (groups.length > TEST_GROUP_LIMITS.maxGroups)
    throw new PackageError(
      PackageMessages.badField('data/secret', 'groups', `at most ${TEST_GROUP_LIMITS.maxGroups} test groups`),
    );
  warnings.push(
    `A scoring problem: ${groups.length} subtask(s) from data/secret, each earned when all its tests pass`,
  );
  return groups;
}

/** A group folder's score: `accept_score` of its testdata.yaml, or `max_score` of its test_group.yaml. */
function groupScore(files: Map<string, Buffer>, group: string): number | undefined {
  const folder = group === 'secret' ? 'data/secret' : `data/secret/${group}`;
  for (const [file, key] of [
    ['testdata.yaml', 'accept_score'],
    ['test_group.yaml', 'max_score'],
  ] as const) {
    const path = `${folder}/${file}`;
    const data = files.get(path);
    if (!data) continue;
    const value = readYaml(path, data)[key];
    if (value === undefined || value === null) continue;
    const points = Number(value);
    if (!Number.isInteger(points) || points < 0 || points > TEST_GROUP_LIMITS.maxPoints)
      throw new PackageError(
        PackageMessages.badField(
          path,
          key,
          `must be a whole number from 0 to ${TEST_GROUP_LIMITS.maxPoints}`,
        ),
      );
    return points;
  }
  return undefined;
}

/** Files the format says to ignore (names starting with a dot, macOS's zip litter). */
function withoutIgnored(files: ReadonlyMap<string, Buffer>): Map<string, Buffer> {
  return new Map(
    [...files].filter(
      ([path]) =>
        !path.split('/').some((part) => part.startsWith('.') && part !== '.timelimit') &&
        !path.startsWith('__MACOSX/'),
    ),
  );
}

/** A package zipped with its folder (`hello/problem.yaml`) read as if zipped from inside it. */
function withoutTopFolder(files: Map<string, Buffer>): Map<string, Buffer> {
  if (files.has('problem.yaml')) return files;
  const tops = new Set([...files.keys()].map((p) => (p.includes('/') ? p.split('/')[0] : '')));
  if (tops.size !== 1 || tops.has('')) return files;
  const [top] = tops;
  return new Map([...files].map(([path, data]) => [path.slice(top.length + 1), data]));
}

/** Issue 47: every YAML file the reader may parse, bounded together before any is parsed (each is also bounded alone). */
function refuseLargeYaml(files: ReadonlyMap<string, Buffer>): void {
  let total = 0;
  for (const [path, data] of files) {
    if (!/(^|\/)(problem|testdata|test_group)\.yaml$/.test(path)) continue;
    if (data.length > PACKAGE_LIMITS.maxYamlBytes)
      throw new PackageError(PackageMessages.yamlTooLarge(path, PACKAGE_LIMITS.maxYamlBytes / 1024));
    total += data.length;
  }
  if (total > PACKAGE_LIMITS.maxYamlTotalBytes)
    throw new PackageError(PackageMessages.yamlTotalTooLarge(PACKAGE_LIMITS.maxYamlTotalBytes / 1024));
}

/** Issue 47: the statement's source and its conversion are bounded; past a bound the import is a 400 naming the file. */
function statementSource(path: string, data: Buffer): string {
  if (data.length > PACKAGE_LIMITS.maxStatementSourceBytes)
    throw new PackageError(
      PackageMessages.statementSourceTooLarge(path, PACKAGE_LIMITS.maxStatementSourceBytes / 1024),
    );
  return utf8(path, data);
}

function convertLatex(path: string, tex: string): ReturnType<typeof latexToMarkdown> {
  try {
    return latexToMarkdown(tex, PACKAGE_LIMITS.maxStatementCharacters);
  } catch (error) {
    if (!(error instanceof StatementTooLarge)) throw error;
    throw new PackageError(
      error.why === 'size'
        ? PackageMessages.statementTooLarge(path, error.limit)
        : PackageMessages.badField(path, 'its LaTeX', `nests groups more than ${error.limit} deep`),
    );
  }
}

function readYaml(path: string, data: Buffer): Yaml {
  // Checked before parsing: parsing time grows with the square of the keys (issue 47).
  if (data.length > PACKAGE_LIMITS.maxYamlBytes)
    throw new PackageError(PackageMessages.yamlTooLarge(path, PACKAGE_LIMITS.maxYamlBytes / 1024));
  let value: unknown;
  try {
    value = parseYaml(utf8(path, data));
  } catch (error) {
    throw new PackageError(PackageMessages.badYaml(path, (error as Error).message.split('\n')[0]));
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new PackageError(PackageMessages.badYaml(path, 'expected a map of keys to values'));
  return value as Yaml;
}

function utf8(path: string, data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    throw new PackageError(PackageMessages.badText(path));
  }
}

/** The problem types the format allows in `type` (2023-07, 2025-09) or `validation` (legacy). */
function typesOf(yaml: Yaml): string[] {
  const type = yaml.type;
  const types = typeof type === 'string' ? type.split(/\s+/) : Array.isArray(type) ? type.map(String) : [];
  const validation = yaml.validation;
  if (typeof validation === 'string') types.push(...validation.split(/\s+/));
  else if (validation && typeof validation === 'object')
    types.push(
      ...Object.entries(validation as Yaml)
        .filter(([, on]) => on === true)
        .map(([k]) => k),
    );
  return types.map((t) => t.toLowerCase());
}

/**
 * Interactive (legacy `validation: custom interactive`, `type: interactive`) or multi-pass
 * (`type: multi-pass`); a problem that is both runs interactively, pass after pass: Javelin judges it
 * as interactive (one pass), and says so when it is read.
 */
function interactionOf(yaml: Yaml): Interaction {
  const types = typesOf(yaml);
  if (types.includes('interactive')) return 'interactive';
  if (types.includes('multi-pass') || types.includes('multipass')) return 'multi-pass';
  return 'none';
}

/** `limits.validation_passes`: 2 unless stated; from 2 to 100. */
function readPasses(yaml: Yaml): number {
  const limits = (yaml.limits && typeof yaml.limits === 'object' ? yaml.limits : {}) as Yaml;
  if (limits.validation_passes === undefined || limits.validation_passes === null) return 2;
  const passes = Number(limits.validation_passes);
  if (!Number.isInteger(passes) || passes < 2 || passes > 100)
    throw new PackageError(PackageMessages.badPasses);
  return passes;
}

/**
 * Each `data/sample/<name>.interaction` as its test's dialogue: `<` lines from the validator, `>` lines
 * from the submission, `---` between passes (kept as a line of its own, from the validator). Those
 * without a test beside them (the format allows samples that are only a dialogue) are returned.
 */
function readInteractions(files: Map<string, Buffer>, tests: ReadPackage['tests']): InteractionLine[][] {
  const byName = new Map(tests.map((t) => [t.name, t]));
  const alone: InteractionLine[][] = [];
  for (const path of [...files.keys()].sort()) {
    const match = /^data\/(sample\/.+)\.interaction$/.exec(path);
    if (!match) continue;
    const data = files.get(path)!;
    const lines: InteractionLine[] = [];
    utf8(path, data)
      .split(/\r?\n/)
      .forEach((line, i) => {
        if (line === '') return;
        if (line.trim() === '---') lines.push({ from: 'validator', text: '---' });
        else if (line[0] === '<') lines.push({ from: 'validator', text: line.slice(1) });
        else if (line[0] === '>') lines.push({ from: 'submission', text: line.slice(1) });
        else throw new PackageError(PackageMessages.badInteraction(path, i + 1));
      });
    const test = byName.get(match[1]);
    if (test) test.interaction = lines;
    else alone.push(lines);
  }
  return alone;
}

function refuseUnhostable(yaml: Yaml): void {
  const types = typesOf(yaml);
  if (types.includes('submit-answer'))
    throw new PackageError(
      PackageMessages.badField(
        'problem.yaml',
        'type',
        'submit-answer is not supported: Javelin judges programs',
      ),
    );
}

function yamlScoring(yaml: Yaml): boolean {
  return typesOf(yaml).includes('scoring') || typesOf(yaml).includes('score');
}

/** Legacy `validation: custom` asks for a custom validator. */
function legacyCustom(yaml: Yaml): boolean {
  return typeof yaml.validation === 'string' && yaml.validation.trim().split(/\s+/)[0] === 'custom';
}

/**
 * The validator flags: problem.yaml's `validator_flags` (legacy; a string, quoted or not, possibly
 * empty), testdata.yaml's `output_validator_flags` (2023-07) or test_group.yaml's `output_validator_args`
 * (2025-09), read from data/ then data/secret/.
 */
function readValidatorFlags(files: Map<string, Buffer>, yaml: Yaml): { flags: string[]; source: string } {
  const candidates: [string, string][] = [
    ['data/secret/test_group.yaml', 'output_validator_args'],
    ['data/test_group.yaml', 'output_validator_args'],
    ['data/secret/testdata.yaml', 'output_validator_flags'],
    ['data/testdata.yaml', 'output_validator_flags'],
  ];
  for (const [path, key] of candidates) {
    const file = files.get(path);
    if (!file) continue;
    const value = readYaml(path, file)[key];
    if (value !== undefined && value !== null) return { flags: flagList(path, key, value), source: path };
  }
  const legacy = yaml.validator_flags;
  if (legacy === undefined || legacy === null) return { flags: [], source: 'problem.yaml' };
  return { flags: flagList('problem.yaml', 'validator_flags', legacy), source: 'problem.yaml' };
}

/**
 * A test group's own validator flags (issue 42): a testdata.yaml (`output_validator_flags`) or
 * test_group.yaml (`output_validator_args`) in a folder below data/sample or data/secret gives the tests
 * under it their own flags, the deepest such file on a test's path deciding (as the format's settings
 * inherit down the groups). A test whose flags differ from the problem's keeps them (`validatorFlags`);
 * the default validator's flags are checked as the problem's are.
 */
function applyGroupFlags(
  files: ReadonlyMap<string, Buffer>,
  tests: ReadPackage['tests'],
  problemFlags: string[],
  defaultValidator: boolean,
): void {
  const byFolder = new Map<string, string[]>();
  for (const [path, data] of files) {
    const match = /^data\/((?:sample|secret)\/.+)\/(testdata\.yaml|test_group\.yaml)$/.exec(path);
    if (!match) continue;
    const key = match[2] === 'testdata.yaml' ? 'output_validator_flags' : 'output_validator_args';
    const value = readYaml(path, data)[key];
    if (value === undefined || value === null) continue;
    const flags = flagList(path, key, value);
    if (defaultValidator) {
      const parsed = parseDefaultValidatorFlags(flags);
      if (!parsed.ok) throw new PackageError(PackageMessages.badValidatorFlags(path, parsed.error));
    }
    byFolder.set(match[1], flags);
  }
  if (byFolder.size === 0) return;
  for (const test of tests) {
    const parts = test.name.split('/');
    for (let depth = parts.length - 1; depth >= 2; depth--) {
      const flags = byFolder.get(parts.slice(0, depth).join('/'));
      if (!flags) continue;
      if (flags.join(' ') !== problemFlags.join(' ')) test.validatorFlags = flags;
      break;
    }
  }
}

function flagList(path: string, key: string, value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number')
    return String(value).split(/\s+/).filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.map(String).filter(Boolean);
  throw new PackageError(PackageMessages.badField(path, key, 'must be a string or a list of strings'));
}

/** `output_validators/<name>/…` (legacy, 2023-07) or `output_validator/…` (2025-09): the first program found. */
function readOutputValidator(files: Map<string, Buffer>, warnings: string[]): CustomOutputValidator | null {
  const programs = new Map<string, string[]>();
  for (const path of files.keys()) {
    let program: string | undefined;
    if (path.startsWith('output_validator/')) program = 'output_validator';
    else if (path.startsWith('output_validators/')) {
      const rest = path.slice('output_validators/'.length);
      program = rest.includes('/') ? `output_validators/${rest.split('/')[0]}` : `output_validators/${rest}`;
    }
    if (program) programs.set(program, [...(programs.get(program) ?? []), path]);
  }
  if (programs.size === 0) return null;
  const [name] = [...programs.keys()].sort();
  if (programs.size > 1) warnings.push(`Several output validators: ${name} is used`);
  const paths = programs.get(name)!;
  const single = paths.length === 1 && paths[0] === name;
  const extensions = paths.map((p) => p.split('.').pop()!.toLowerCase());
  const language = extensions.includes('java')
    ? 'java'
    : extensions.some((e) => CPP_EXTENSIONS.includes(e))
      ? 'cpp'
      : null;
  if (!language) throw new PackageError(PackageMessages.unsupportedValidatorLanguage(name));
  if (paths.some((p) => /\/(build|run)$/.test(p)))
    warnings.push(
      `${name}: its build/run scripts are not used; the ${language === 'cpp' ? 'C++' : 'Java'} sources are compiled by the judge`,
    );
  const wanted = language === 'java' ? ['java'] : CPP_EXTENSIONS;
  const kept = paths.filter((p) => wanted.includes(p.split('.').pop()!.toLowerCase()));
  if (kept.length > CLASSIC_LIMITS.maxValidatorFiles)
    throw new PackageError(
      PackageMessages.badField(
        name,
        'validator',
        `has more than ${CLASSIC_LIMITS.maxValidatorFiles} source files`,
      ),
    );
  return {
    language,
    files: kept.sort().map((p) => ({
      path: single ? p.split('/').pop()! : p.slice(name.length + 1),
      content: utf8(p, files.get(p)!),
    })),
  };
}

interface FoundStatement {
  path: string;
  folder: string;
  language: string | undefined;
}

/** `problem_statement/problem[.<lang>].{md,tex}` or `statement/…`: English first, Markdown before LaTeX. */
function findStatement(files: Map<string, Buffer>): FoundStatement | undefined {
  const found: (FoundStatement & { rank: number })[] = [];
  for (const path of files.keys()) {
    const match =
      /^(problem_statement|statement)\/problem(?:\.([A-Za-z]{2,3}(?:-[A-Z]{2})?))?\.(md|tex)$/.exec(path);
    if (!match) continue;
    const language = match[2];
    const rank = (language === undefined || language === 'en' ? 0 : 2) + (match[3] === 'md' ? 0 : 1);
    found.push({ path, folder: match[1], language, rank });
  }
  return found.sort((a, b) => a.rank - b.rank || a.path.localeCompare(b.path))[0];
}

function nameOf(yaml: Yaml, language: string | undefined): string | undefined {
  const name = yaml.name;
  if (typeof name === 'string' || typeof name === 'number') return String(name).trim() || undefined;
  if (name && typeof name === 'object') {
    const names = name as Record<string, unknown>;
    const chosen = names.en ?? (language ? names[language] : undefined) ?? Object.values(names)[0];
    return typeof chosen === 'string' ? chosen.trim() || undefined : undefined;
  }
  return undefined;
}

/** A legacy LaTeX statement's `\problemname{…}`. */
function latexTitle(files: Map<string, Buffer>, path: string): string | undefined {
  if (!path.endsWith('.tex')) return undefined;
  return /\\problemname\{([^}]*)\}/.exec(files.get(path)!.toString('utf8'))?.[1]?.trim() || undefined;
}

function markdownImages(markdown: string): string[] {
  const names = [
    ...[...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...markdown.matchAll(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]),
  ];
  return [...new Set(names.filter((n) => !/^[a-z]+:/i.test(n) && !n.startsWith('/')))];
}

/** The statement folder's images (kept whether or not the statement names them); a named one missing is a warning. */
function readImages(
  files: Map<string, Buffer>,
  folder: string | undefined,
  named: string[],
  warnings: string[],
): ReadPackage['images'] {
  if (!folder) return [];
  const images: ReadPackage['images'] = [];
  for (const [path, data] of files) {
    if (!path.startsWith(`${folder}/`)) continue;
    const name = path.slice(folder.length + 1);
    const type = IMAGE_TYPES[name.split('.').pop()!.toLowerCase()];
    if (type && !name.includes('/')) images.push({ name, contentType: type, data });
  }
  const have = new Set(images.map((i) => i.name));
  for (const name of named) {
    // LaTeX names images without their extension as often as with it.
    if (!have.has(name) && !images.some((i) => i.name.replace(/\.[^.]+$/, '') === name))
      warnings.push(PackageMessages.missingImage(name));
  }
  return images.sort((a, b) => a.name.localeCompare(b.name));
}

function readTests(files: Map<string, Buffer>): ReadPackage['tests'] {
  const tests: ReadPackage['tests'] = [];
  for (const path of files.keys()) {
    if (!/^data\/(sample|secret)\/.+\.in$/.test(path)) continue;
    const base = path.slice(0, -'.in'.length);
    const answer = files.get(`${base}.ans`);
    if (!answer) throw new PackageError(PackageMessages.testWithoutAnswer(path));
    tests.push({
      name: base.slice('data/'.length),
      input: utf8(path, files.get(path)!),
      answer: utf8(`${base}.ans`, answer),
      isExample: base.startsWith('data/sample/'),
    });
  }
  if (tests.length === 0) throw new PackageError(PackageMessages.noTests);
  if (tests.length > CLASSIC_LIMITS.maxTests)
    throw new PackageError(PackageMessages.tooManyTests(CLASSIC_LIMITS.maxTests));
  // The format's order: lexicographic on the test's name, groups included (code points, as the format's tools sort).
  return tests.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `submissions/<folder>/<Program>.java`: the Java ones, with the verdicts their folder or header allows. */
function readJury(files: Map<string, Buffer>, warnings: string[]): JuryProgram[] {
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
export function expectedResults(code: string): Verdict[] | undefined {
  const match = /@EXPECTED_RESULTS@\s*:?\s*([A-Z_, \t]+)/.exec(code);
  if (!match) return undefined;
  const verdicts = match[1]
    .split(/[,\s]+/)
    .filter(Boolean)
    .flatMap((name) => EXPECTED_RESULT_VERDICTS[name] ?? []);
  return verdicts.length > 0 ? [...new Set(verdicts)] : undefined;
}

function keywordsOf(yaml: Yaml): string[] {
  const keywords = yaml.keywords;
  const list =
    typeof keywords === 'string'
      ? keywords.split(/\s+/)
      : Array.isArray(keywords)
        ? keywords.map(String)
        : [];
  return [...new Set(list.map((k) => k.trim()).filter(Boolean))].slice(0, 20);
}

/**
 * The time limit: `limits.time_limit` (seconds, 2023-07 / 2025-09), the `.timelimit` file (problemtools,
 * legacy), DOMjudge's domjudge-problem.ini `timelimit`, or the default; kept within Javelin's bounds.
 */
function readTimeLimit(
  files: Map<string, Buffer>,
  yaml: Yaml,
  version: string,
  warnings: string[],
): { timeLimitMs: number; timing: TimingRule | null } {
  const limits = (yaml.limits && typeof yaml.limits === 'object' ? yaml.limits : {}) as Yaml;
  let seconds: number | undefined;
  if (limits.time_limit !== undefined) {
    seconds = Number(limits.time_limit);
    if (!(seconds > 0))
      throw new PackageError(
        PackageMessages.badField('problem.yaml', 'limits.time_limit', 'must be a positive number of seconds'),
      );
  } else if (files.has('.timelimit')) {
    seconds = Number(utf8('.timelimit', files.get('.timelimit')!).trim());
    if (!(seconds > 0))
      throw new PackageError(
        PackageMessages.badField('.timelimit', 'the time limit', 'must be a positive number of seconds'),
      );
  } else if (files.has('domjudge-problem.ini')) {
    const ini = utf8('domjudge-problem.ini', files.get('domjudge-problem.ini')!);
    const match = /^\s*timelimit\s*=\s*['"]?([0-9.]+)['"]?\s*$/m.exec(ini);
    if (match) seconds = Number(match[1]);
  }
  if (seconds === undefined)
    return { timeLimitMs: CLASSIC_LIMITS.defaultTimeLimitMs, timing: timingRuleOf(limits, version) };
  const ms = Math.round(seconds * 1000);
  const used = Math.min(CLASSIC_LIMITS.maxTimeLimitMs, Math.max(CLASSIC_LIMITS.minTimeLimitMs, ms));
  if (used !== ms) warnings.push(PackageMessages.timeLimitClamped(ms, used));
  return { timeLimitMs: used, timing: null };
}

function readMemoryLimit(yaml: Yaml, warnings: string[]): number | null {
  const limits = (yaml.limits && typeof yaml.limits === 'object' ? yaml.limits : {}) as Yaml;
  if (limits.memory === undefined) return null;
  const mb = Number(limits.memory);
  if (!Number.isInteger(mb) || mb <= 0)
    throw new PackageError(
      PackageMessages.badField('problem.yaml', 'limits.memory', 'must be a whole number of MiB'),
    );
  const used = Math.min(CLASSIC_LIMITS.maxMemoryLimitMb, Math.max(CLASSIC_LIMITS.minMemoryLimitMb, mb));
  if (used !== mb) warnings.push(PackageMessages.memoryLimitClamped(mb, used));
  return used;
}
