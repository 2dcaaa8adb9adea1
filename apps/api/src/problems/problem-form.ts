import { BadRequestException } from '@nestjs/common';
import {
  canonicalTags,
  DEFAULT_PROBLEM_POINTS,
  type InputVariable,
  type ProblemFormBody,
  ReferenceMessages,
  ScoringSentences,
  type TestGroup,
  type TestGroupBody,
  type TestValue,
} from '@javelin/contracts';
import {
  formatValueText,
  generateBoilerplate,
  isJavaIdentifier,
  parseValue,
  validateValue,
} from '@javelin/java-io';
import { unsignStatement } from './image-links';
import type { Problem } from './problem.entity';
import type { StoredTest } from './problems.repository';

/**
 * The function problem form (the signature style) as it is stored: what the DTO cannot check (Java
 * identifiers, test values of their variables' types, test groups) checked with a 400 naming the
 * field, and the spec's defaults filled in. The classic form is classic-problem-form.ts.
 */

/** What every problem form states the same way, function or classic: its statement, difficulty and points, defaults filled. */
export function statementFields(
  form: Pick<ProblemFormBody, 'title' | 'description' | 'constraints' | 'difficulty' | 'points'>,
) {
  return {
    title: form.title,
    description: unsignStatement(form.description),
    constraints: form.constraints ?? '',
    difficulty: form.difficulty ?? 'easy',
    points: form.points ?? DEFAULT_PROBLEM_POINTS,
  };
}

/** Checks what the DTO cannot (identifiers; test values are checked by normaliseTests) and fills the spec's defaults. */
export function normaliseForm(form: ProblemFormBody) {
  if (!isJavaIdentifier(form.functionName)) {
    throw new BadRequestException(ReferenceMessages.functionNameNotIdentifier(form.functionName));
  }
  const inputVariables = normaliseVariables(form.inputVariables);
  const returnType = form.returnType ?? 'int';
  return {
    ...statementFields(form),
    inputVariables,
    functionName: form.functionName,
    returnType,
    boilerplateCode: form.boilerplateCode?.trim()
      ? form.boilerplateCode
      : generateBoilerplate({ functionName: form.functionName, returnType, inputVariables }),
    tags: canonicalTags(form.tags ?? []),
    isVisible: form.isVisible ?? true,
    ...FUNCTION_PROBLEM_FIELDS,
  };
}

/** What a function problem holds of the classic problem's columns: nothing (the deployment's limits). */
const FUNCTION_PROBLEM_FIELDS = {
  kind: 'function',
  timeLimitMs: null,
  memoryLimitMb: null,
  validatorFlags: [],
  outputValidator: null,
  interaction: 'none',
  validationPasses: null,
  sampleInteractions: [],
  timeLimitBasis: null,
} as const satisfies Partial<Problem>;

/** A form's input variables with valid, distinct Java names, each with an id and a description. */
export function normaliseVariables(
  variables: ReadonlyArray<{ id?: string; name: string; type: InputVariable['type']; description?: string }>,
): InputVariable[] {
  const names = new Set<string>();
  for (const v of variables) {
    if (!isJavaIdentifier(v.name))
      throw new BadRequestException(ReferenceMessages.variableNotIdentifier(v.name));
    if (names.has(v.name)) throw new BadRequestException(ReferenceMessages.variableDeclaredTwice(v.name));
    names.add(v.name);
  }
  return variables.map((v, i) => ({
    id: v.id || `var-${i + 1}`,
    name: v.name,
    type: v.type,
    description: v.description ?? '',
  }));
}

/**
 * A test value as the text stored in the inputs map: typed text stays as typed; a JSON value
 * (number, boolean, nested arrays) becomes the text an admin would type for it (`[[1,2],[3]]`), so
 * every stored map reads the same way. Null when it is not a value of `type`, with the reason.
 */
function storedValue(
  variable: Pick<InputVariable, 'type'>,
  value: TestValue,
): { text: string } | { error: string } {
  if (typeof value === 'string') {
    const check = validateValue(variable.type, value);
    return check.valid ? { text: value } : { error: check.error };
  }
  const parsed = parseValue(variable.type, value);
  return parsed.ok ? { text: formatValueText(variable.type, parsed.value) } : { error: parsed.error };
}

/** Every test's values checked against its variables' types; a 400 names the first bad test and variable. */
export function normaliseTests(
  inputVariables: InputVariable[],
  testCases: ReadonlyArray<{ inputs: Record<string, TestValue>; expectedOutput: string; isExample: boolean }>,
): StoredTest[] {
  const names = new Set(inputVariables.map((v) => v.name));
  return testCases.map((tc, i) => {
    for (const key of Object.keys(tc.inputs)) {
      if (!names.has(key)) throw new BadRequestException(ReferenceMessages.testValueNotAVariable(i, key));
    }
    const inputs: Record<string, string> = {};
    for (const v of inputVariables) {
      const raw = Object.prototype.hasOwnProperty.call(tc.inputs, v.name) ? tc.inputs[v.name] : undefined;
      if (raw === undefined) throw new BadRequestException(ReferenceMessages.testValueMissing(i, v.name));
      const stored = storedValue(v, raw);
      if ('error' in stored)
        throw new BadRequestException(ReferenceMessages.testInvalid(i, v.name, stored.error));
      inputs[v.name] = stored.text;
    }
    return { inputs, expectedOutput: tc.expectedOutput, isExample: tc.isExample };
  });
}

/**
 * The checker and reference solution of a saved form. Left out on an update, each keeps `current`'s
 * value (a client that does not know them must not wipe them); an empty string clears a text field.
 */
export function judgingFields(
  form: Pick<ProblemFormBody, 'checker' | 'tolerance' | 'checkerCode' | 'referenceSolution'>,
  current: Pick<Problem, 'checker' | 'tolerance' | 'checkerCode' | 'referenceSolution'> | null,
): Pick<Problem, 'checker' | 'tolerance' | 'checkerCode' | 'referenceSolution'> {
  const text = (value: string | undefined, kept: string | null | undefined) =>
    value === undefined ? (kept ?? null) : value.trim() ? value : null;
  const checker = form.checker ?? current?.checker ?? 'exact';
  const checkerCode = text(form.checkerCode, current?.checkerCode);
  if (checker === 'custom' && !checkerCode)
    throw new BadRequestException(ReferenceMessages.checkerCodeRequired);
  return {
    checker,
    tolerance: form.tolerance ?? (form.checker === undefined ? (current?.tolerance ?? null) : null),
    checkerCode,
    referenceSolution: text(form.referenceSolution, current?.referenceSolution),
  };
}

/**
 * A form's test groups (issue 31) checked and put on its tests: distinct names, each `dependsOn` naming
 * an earlier group, each hidden test in a known group, no example in one, no group without a test.
 * Without groups (absent or empty) the problem is all-or-nothing and a test's `group` must be absent.
 */
export function withGroups(
  groups: readonly TestGroupBody[] | undefined,
  formTests: ReadonlyArray<{ isExample: boolean; group?: string }>,
  tests: StoredTest[],
): { testGroups: TestGroup[]; tests: StoredTest[] } {
  const testGroups = checkGroups(groups ?? []);
  const names = new Set(testGroups.map((g) => g.name));
  const used = new Set<string>();
  const grouped = tests.map((test, i) => {
    const group = formTests[i]?.group?.trim() || undefined;
    if (group !== undefined && formTests[i]!.isExample)
      throw new BadRequestException(ScoringSentences.exampleInGroup(i));
    if (group !== undefined && !names.has(group))
      throw new BadRequestException(ScoringSentences.testGroupUnknown(i, group));
    if (group === undefined && testGroups.length > 0 && !formTests[i]!.isExample)
      throw new BadRequestException(ScoringSentences.hiddenTestWithoutGroup(i));
    if (group !== undefined) used.add(group);
    return { ...test, group: group ?? null };
  });
  const empty = testGroups.find((g) => !used.has(g.name));
  if (empty) throw new BadRequestException(ScoringSentences.groupWithoutTests(empty.name));
  return { testGroups, tests: grouped };
}

/** Distinct group names, and dependencies on earlier groups only (so there is never a cycle). */
function checkGroups(groups: readonly TestGroupBody[]): TestGroup[] {
  const seen = new Set<string>();
  return groups.map((g) => {
    if (seen.has(g.name)) throw new BadRequestException(ScoringSentences.groupNameTwice(g.name));
    const dependsOn = [...new Set(g.dependsOn ?? [])];
    const unknown = dependsOn.find((d) => !seen.has(d));
    if (unknown !== undefined)
      throw new BadRequestException(ScoringSentences.dependsOnUnknown(g.name, unknown));
    seen.add(g.name);
    return { name: g.name, points: g.points, ...(dependsOn.length ? { dependsOn } : {}) };
  });
}
