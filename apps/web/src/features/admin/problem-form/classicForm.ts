import {
  CLASSIC_LIMITS,
  PackageUiMessages,
  parseDefaultValidatorFlags,
  type CustomOutputValidator,
  type Difficulty,
  type Interaction,
  type TestCase,
  type TimeLimitBasis,
  type TestGroup,
} from '@javelin/contracts';
import type { AnyProblem, ClassicProblemBody } from '../../problems/classic';
import { detailsFromProblem, EMPTY_DETAILS, localId } from './problemForm';

/** A classic problem's test as the form edits it: the raw input its program reads and the judge's answer. */
export interface ClassicTestForm {
  id?: string;
  input: string;
  expectedOutput: string;
  isExample: boolean;
  /** Its subtask on a scoring problem (issue 31); examples belong to none. */
  group?: string;
}

/** The classic problem form (kind 'stdio'): the spec's details, limits, raw tests and validator flags. */
export interface ClassicProblemForm {
  title: string;
  description: string;
  constraints: string;
  difficulty: Difficulty;
  points: number | undefined;
  tags: string[];
  isVisible: boolean;
  timeLimitMs: number | undefined;
  memoryLimitMb: number | undefined;
  /** `validator_flags` as the admin types them, space separated. */
  validatorFlags: string;
  testCases: ClassicTestForm[];
  /** Subtasks with their points (issue 31); none: all-or-nothing. */
  testGroups?: TestGroup[];
  /** Kept as the package brought it, or attached here (a C++ or Java file: validatorChanged). */
  outputValidator?: CustomOutputValidator;
  /** The validator was attached or replaced in this form: the save sends it. */
  validatorChanged?: boolean;
  /** Issue 42: how the program meets the validator ('interactive' and 'multi-pass' need one). */
  interaction: Interaction;
  /** A multi-pass problem's most runs per test. */
  validationPasses?: number;
  /** How an import set the time limit from the jury (read only; a limit typed here replaces it). */
  timeLimitBasis?: TimeLimitBasis;
}

/** What a new classic problem starts with: the format's own defaults (1 s, 256 MB), easy and visible. */
export const DEFAULT_CLASSIC_TIME_LIMIT_MS = CLASSIC_LIMITS.defaultTimeLimitMs;
export const DEFAULT_CLASSIC_MEMORY_LIMIT_MB = 256;

export function emptyClassicForm(): ClassicProblemForm {
  return {
    ...EMPTY_DETAILS,
    tags: [],
    isVisible: true,
    timeLimitMs: DEFAULT_CLASSIC_TIME_LIMIT_MS,
    memoryLimitMb: DEFAULT_CLASSIC_MEMORY_LIMIT_MB,
    validatorFlags: '',
    testCases: [],
    interaction: 'none',
  };
}

export function newClassicTest(): ClassicTestForm {
  return { id: localId('tc'), input: '', expectedOutput: '', isExample: true };
}

export function flagsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A stored classic problem (with all its tests, inputs as their raw text) as the form edits it. */
export function classicFormFromProblem(
  problem: AnyProblem,
  testCases: readonly TestCase[],
): ClassicProblemForm {
  const cases = testCases.length ? testCases : (problem.testCases ?? []);
  return {
    ...detailsFromProblem(problem),
    tags: problem.tags ?? [],
    isVisible: problem.isVisible !== false,
    timeLimitMs: problem.timeLimitMs ?? DEFAULT_CLASSIC_TIME_LIMIT_MS,
    memoryLimitMb: problem.memoryLimitMb ?? DEFAULT_CLASSIC_MEMORY_LIMIT_MB,
    validatorFlags: (problem.validatorFlags ?? []).join(' '),
    testCases: cases.map((tc) => ({
      id: tc._id ?? tc.id,
      input: tc.input,
      expectedOutput: tc.expectedOutput,
      isExample: tc.isExample,
      ...(tc.group ? { group: tc.group } : {}),
    })),
    ...(problem.testGroups?.length ? { testGroups: problem.testGroups } : {}),
    ...(problem.outputValidator ? { outputValidator: problem.outputValidator } : {}),
    interaction: problem.interaction ?? 'none',
    ...(problem.timeLimitBasis ? { timeLimitBasis: problem.timeLimitBasis } : {}),
    ...(problem.validationPasses ? { validationPasses: problem.validationPasses } : {}),
  };
}

const wholeIn = (n: number | undefined, min: number, max: number) =>
  n !== undefined && Number.isInteger(n) && n >= min && n <= max;

/** What keeps the classic form from being saved, or null. */
export function validateClassicForm(form: ClassicProblemForm): string | null {
  if (!form.title.trim() || !form.description.trim()) return PackageUiMessages.classicRequired;
  const { minTimeLimitMs, maxTimeLimitMs, minMemoryLimitMb, maxMemoryLimitMb } = CLASSIC_LIMITS;
  if (
    !wholeIn(form.timeLimitMs, minTimeLimitMs, maxTimeLimitMs) ||
    !wholeIn(form.memoryLimitMb, minMemoryLimitMb, maxMemoryLimitMb)
  )
    return PackageUiMessages.limitsRequired(
      minTimeLimitMs,
      maxTimeLimitMs,
      minMemoryLimitMb,
      maxMemoryLimitMb,
    );
  // A custom validator takes the flags as its own arguments; the default one must understand them.
  if (!form.outputValidator) {
    const flags = parseDefaultValidatorFlags(flagsOf(form.validatorFlags));
    if (!flags.ok) return flags.error;
  }
  if (form.testCases.length === 0) return PackageUiMessages.classicNeedsTest;
  if (form.interaction !== 'none') return form.outputValidator ? null : PackageUiMessages.needsValidator;
  const unanswered = form.testCases.findIndex((tc) => !tc.expectedOutput.trim());
  if (unanswered >= 0) return PackageUiMessages.classicTestsNeedAnswer(unanswered + 1);
  return null;
}

/**
 * The body of `POST /api/problems` / `PUT /api/problems/:id` for a classic problem: the spec's fields
 * that apply (no function, no input variables), `kind: 'stdio'`, its limits and flags, and each test's
 * raw input beside its answer.
 */
export function classicProblemBody(form: ClassicProblemForm): ClassicProblemBody {
  return {
    kind: 'stdio',
    timeLimitMs: form.timeLimitMs,
    memoryLimitMb: form.memoryLimitMb,
    validatorFlags: flagsOf(form.validatorFlags),
    interaction: form.interaction,
    ...(form.interaction === 'multi-pass' ? { validationPasses: form.validationPasses ?? 2 } : {}),
    ...(form.validatorChanged && form.outputValidator ? { outputValidator: form.outputValidator } : {}),
    title: form.title.trim(),
    description: form.description,
    constraints: form.constraints,
    difficulty: form.difficulty,
    ...(form.points !== undefined ? { points: form.points } : {}),
    tags: form.tags,
    isVisible: form.isVisible,
    testGroups: form.testGroups ?? [],
    testCases: form.testCases.map((tc) => ({
      ...(tc.id ? { id: tc.id } : {}),
      input: tc.input,
      expectedOutput: tc.expectedOutput,
      isExample: tc.isExample,
      ...(tc.group && !tc.isExample ? { group: tc.group } : {}),
    })),
  };
}
