import {
  CLASSIC_LIMITS,
  type CustomOutputValidator,
  type Interaction,
  PackageMessages,
  parseDefaultValidatorFlags,
} from '@javelin/contracts';
import { PackageError } from '../zip';
import { readYaml, utf8, type Yaml } from './files';
import { legacyCustom } from './metadata';
import type { PackageTest } from './types';

/**
 * How output is checked: a custom output validator (Java, C++ or Python sources) or the default validator's
 * flags, for the problem and for each test group that sets its own.
 */

const CPP_EXTENSIONS = ['cpp', 'cc', 'cxx', 'c++', 'h', 'hpp', 'hh'];
const PYTHON_EXTENSIONS = ['py'];
const LANGUAGE_RUN = {
  cpp: 'the C++ sources are compiled',
  java: 'the Java sources are compiled',
  python: 'the Python sources are run with python3',
} as const;

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
      : extensions.some((e) => PYTHON_EXTENSIONS.includes(e))
        ? 'python'
        : null;
  if (!language) throw new PackageError(PackageMessages.unsupportedValidatorLanguage(name));
  if (paths.some((p) => /\/(build|run)$/.test(p)))
    warnings.push(`${name}: its build/run scripts are not used; ${LANGUAGE_RUN[language]} by the judge`);
  const wanted = language === 'java' ? ['java'] : language === 'cpp' ? CPP_EXTENSIONS : PYTHON_EXTENSIONS;
  const kept = paths.filter((p) => wanted.includes(p.split('.').pop()!.toLowerCase()));
  // Several Python files start from the format's default entry point (the judge runs the folder).
  if (language === 'python' && kept.length > 1 && !kept.some((p) => p === `${name}/__main__.py`))
    throw new PackageError(PackageMessages.noPythonEntry(name));
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
export function applyGroupFlags(
  files: ReadonlyMap<string, Buffer>,
  tests: PackageTest[],
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

/**
 * The problem's output validation: its custom validator, or the default validator's flags checked;
 * an interactive, multi-pass or legacy `validation: custom` problem without a validator is refused.
 */
export function readValidation(
  files: Map<string, Buffer>,
  yaml: Yaml,
  interaction: Interaction,
  warnings: string[],
): { outputValidator: CustomOutputValidator | null; flags: string[] } {
  const outputValidator = readOutputValidator(files, warnings);
  if (!outputValidator && interaction !== 'none')
    throw new PackageError(PackageMessages.interactiveWithoutValidator(interaction));
  if (!outputValidator && legacyCustom(yaml)) throw new PackageError(PackageMessages.customWithoutValidator);
  const { flags, source: flagsSource } = readValidatorFlags(files, yaml);
  if (!outputValidator) {
    const parsed = parseDefaultValidatorFlags(flags);
    if (!parsed.ok) throw new PackageError(PackageMessages.badValidatorFlags(flagsSource, parsed.error));
  }
  return { outputValidator, flags };
}
