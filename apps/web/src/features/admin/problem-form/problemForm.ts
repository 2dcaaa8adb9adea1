import {
  checkRequest,
  DEFAULT_PROBLEM_POINTS,
  problemFormSchema,
  type InputVariable,
  type Problem,
  type ProblemForm,
  type TestCase,
  type TestCaseInput,
} from '@javelin/contracts';
import { decodeInputMap, rawValue, validateValue } from '@javelin/java-io';
import { Messages } from '../../../lib/messages';

/** The details both problem forms edit alike. */
type ProblemDetails = Required<
  Pick<ProblemForm, 'title' | 'description' | 'constraints' | 'difficulty' | 'points'>
>;

/** A new problem's details in either problem form: no statement yet, easy, worth the default points. */
export const EMPTY_DETAILS = {
  title: '',
  description: '',
  constraints: '',
  difficulty: 'easy',
  points: DEFAULT_PROBLEM_POINTS,
} as const satisfies ProblemDetails;

/** Spec §9: a new problem is easy, returns int and is visible. */
export function emptyProblemForm(): ProblemForm {
  return {
    ...EMPTY_DETAILS,
    inputVariables: [],
    testCases: [],
    functionName: '',
    returnType: 'int',
    boilerplateCode: '',
    tags: [],
    isVisible: true,
    checker: 'exact',
    referenceSolution: '',
  };
}

let nextLocalId = 0;
export function localId(prefix: string): string {
  nextLocalId += 1;
  return `${prefix}-${Date.now().toString(36)}-${nextLocalId}`;
}

export function newInputVariable(): InputVariable {
  return { id: localId('var'), name: '', type: 'int', description: '' };
}

/** One value per input variable plus the expected output (spec §5). */
export function newTestCase(variables: readonly InputVariable[]): TestCaseInput {
  return {
    id: localId('tc'),
    inputs: Object.fromEntries(variables.map((v) => [v.name, ''])),
    expectedOutput: '',
    isExample: true,
  };
}

/**
 * What keeps the form from being saved: the spec's sentence for an empty required field, else what
 * the API would answer, from the schema it checks the form with (libs/contracts), or null.
 */
export function validateProblemForm(form: ProblemForm): string | null {
  if (!form.title.trim() || !form.description.trim() || !form.functionName.trim())
    return Messages.requiredProblemFields;
  return requestProblem(problemFormSchema, form);
}

/** The API's 400 sentence for `body` checked by a shared request schema, or null when it passes. */
export function requestProblem(schema: Parameters<typeof checkRequest>[0], body: unknown): string | null {
  const checked = checkRequest(schema, body);
  return checked.ok ? null : checked.problems.messages.join('; ');
}

function inputsOf(tc: TestCase): Record<string, string> {
  try {
    return Object.fromEntries(Object.entries(decodeInputMap(tc.input)).map(([k, v]) => [k, rawValue(v)]));
  } catch {
    return {};
  }
}

/** A stored problem's details as either problem form edits them: the statement, its difficulty and its points. */
export function detailsFromProblem(
  problem: Pick<Problem, 'title' | 'description' | 'constraints' | 'difficulty' | 'points'>,
): ProblemDetails {
  return {
    title: problem.title,
    description: problem.description,
    constraints: problem.constraints ?? '',
    difficulty: problem.difficulty,
    points: problem.points ?? DEFAULT_PROBLEM_POINTS,
  };
}

/** A stored problem (with all its test cases) as the form edits it. */
export function formFromProblem(problem: Problem, testCases: readonly TestCase[]): ProblemForm {
  const cases = testCases.length ? testCases : (problem.testCases ?? []);
  return {
    ...detailsFromProblem(problem),
    inputVariables: (problem.inputVariables ?? []).map((v) => ({ ...v, id: v.id || localId('var') })),
    testCases: cases.map((tc) => ({
      id: tc._id ?? tc.id,
      inputs: inputsOf(tc),
      expectedOutput: tc.expectedOutput,
      isExample: tc.isExample,
      ...(tc.group ? { group: tc.group } : {}),
    })),
    ...(problem.testGroups?.length ? { testGroups: problem.testGroups } : {}),
    functionName: problem.functionName,
    returnType: problem.returnType,
    boilerplateCode: problem.boilerplateCode ?? '',
    tags: problem.tags ?? [],
    isVisible: problem.isVisible !== false,
    checker: problem.checker ?? 'exact',
    ...(problem.tolerance !== undefined ? { tolerance: problem.tolerance } : {}),
    ...(problem.checkerCode ? { checkerCode: problem.checkerCode } : {}),
    referenceSolution: problem.referenceSolution ?? '',
  };
}

/** What is wrong with one test value for its variable's type (libs/java-io), or null when it fits. */
export function valueProblem(type: InputVariable['type'], value: unknown): string | null {
  const check = validateValue(type, value ?? '');
  return check.valid ? null : check.error;
}

/** Whether any value of any test does not fit its variable's type. */
export function hasInvalidValues(form: ProblemForm): boolean {
  return form.testCases.some((tc) =>
    form.inputVariables.some((v) => valueProblem(v.type, tc.inputs[v.name]) !== null),
  );
}

/** The test values as text, as the inputs show them (a JSON value of an older client written back as text). */
export function valueText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

/** Renaming a variable carries its test-case values along; removing one drops them. */
export function renameVariableInTests(testCases: TestCaseInput[], from: string, to: string): TestCaseInput[] {
  if (from === to) return testCases;
  return testCases.map((tc) => {
    const { [from]: value, ...rest } = tc.inputs;
    return { ...tc, inputs: { ...rest, [to]: value ?? '' } };
  });
}

export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
