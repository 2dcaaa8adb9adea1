import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  Optional,
} from '@nestjs/common';
import {
  canonicalTags,
  type ClassicProblemFormBody,
  type ClassicProblemFields,
  DEFAULT_FLOAT_TOLERANCE,
  PackageMessages,
  parseDefaultValidatorFlags,
  CLASSIC_LIMITS,
  DEFAULT_PROBLEM_POINTS,
  isAdminRoles,
  JudgeJobData,
  Problem as ProblemDto,
  type ProblemFormBody,
  ReferenceMessages,
  ServerMessages,
  TestCase as TestCaseDto,
  type InputVariable,
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
import type { AuthUser } from '../users/users.service';
import { ImageLinks, unsignStatement } from './image-links';
import { Problem } from './problem.entity';
import { ExpiringCache } from '../common/expiring-cache';
import { ExamplesAndCount, ProblemsRepository, StoredTest } from './problems.repository';
import { TestCase } from './test-case.entity';
import { isInsidePath } from './paths';

export const PROBLEM_NOT_FOUND = ServerMessages.problemNotFound;
export const PROBLEM_IN_CONTEST = ServerMessages.problemInContest;
/**
 * How long the problem list and a contest page's problems (the same for every reader but an admin) are
 * reused: an edit through this instance shows at once, one through another instance within this time.
 */
export const PUBLIC_VIEW_MAX_AGE_MS = 1_000;

export interface ProblemListItem extends ProblemDto {
  solved: boolean;
}

@Injectable()
export class ProblemsService {
  /** The visible problems as everyone but admins sees them, newest last (listVisible without the solved flags). */
  private readonly visibleList = new ExpiringCache<'all', ProblemDto[]>(PUBLIC_VIEW_MAX_AGE_MS, () =>
    this.readVisibleList(),
  );
  /** A problem and its tests as judged, by 'id/all' or 'id/examples' (forJudging). */
  private readonly judgingViews = new ExpiringCache<string, { problem: Problem; tests: TestCase[] } | null>(
    PUBLIC_VIEW_MAX_AGE_MS,
    (key) => this.readForJudging(key),
    1_000,
  );
  /** Problems as everyone but admins sees them, by their ids joined with commas (problemsByIds). */
  private readonly publicViews = new ExpiringCache<string, Map<string, ProblemDto>>(
    PUBLIC_VIEW_MAX_AGE_MS,
    (key) => this.readPublicViews(key ? key.split(',') : []),
    1_000,
  );

  constructor(
    private readonly repository: ProblemsRepository,
    // Absent where no statement leaves the process (the seed).
    @Optional() private readonly images?: ImageLinks,
  ) {}

  /**
   * A problem on the wire (toProblemDto), its statement's image links signed: whoever is given the
   * statement may load its images in an <img>, which sends no Authorization header (ImageLinks).
   */
  private dto(problem: Problem, tests: TestCase[], withHidden: boolean, testCount?: number): ProblemDto {
    const dto = toProblemDto(problem, tests, withHidden, testCount);
    return this.images
      ? { ...dto, description: this.images.signStatement(problem.id, dto.description) }
      : dto;
  }

  /** Visible problems, newest last, each with its example tests only and the caller's solved flag. */
  async listVisible(viewer?: AuthUser): Promise<ProblemListItem[]> {
    const list = await this.visibleList.get('all');
    // Nothing listed, nothing to flag: the solves are not read.
    const solved =
      viewer && list.length > 0 ? await this.repository.solvedByUser(viewer.id) : new Set<string>();
    return list.map((p) => ({ ...p, solved: solved.has(p.id) }));
  }

  private async readVisibleList(): Promise<ProblemDto[]> {
    const problems = await this.repository.visible();
    const tests = await this.repository.examplesOf(problems.map((p) => p.id));
    return problems.map((p) => this.exampleDto(p, tests));
  }

  /**
   * After a write to problems or their tests (made here, or by a package import once committed): what
   * is kept of them for everyone is forgotten, so this instance shows the change at once.
   */
  problemsChanged(): void {
    this.publicViews.forgetAll();
    this.visibleList.forgetAll();
    this.judgingViews.forgetAll();
  }

  /** Runs a write with the kept public views forgotten before and after it. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.problemsChanged();
    try {
      return await write();
    } finally {
      this.problemsChanged();
    }
  }

  async listAll(): Promise<ProblemDto[]> {
    const problems = await this.repository.all();
    const tests = await this.repository.testsOf(problems.map((p) => p.id));
    return problems.map((p) => this.dto(p, tests.get(p.id) ?? [], true));
  }

  async requireProblem(id: string): Promise<Problem> {
    const problem = await this.repository.byId(id);
    if (!problem) throw new NotFoundException(PROBLEM_NOT_FOUND);
    return problem;
  }

  /**
   * A problem as `viewer` may see it: admins see everything; others see visible problems (and those
   * `contestAccess` opens) with example tests only. Anything else is a 404, as if it did not exist.
   */
  async viewProblem(id: string, viewer: AuthUser | undefined, contestAccess = false): Promise<ProblemDto> {
    const problem = await this.requireProblem(id);
    const admin = isAdminRoles(viewer?.roles);
    if (!problem.isVisible && !admin && !contestAccess) throw new NotFoundException(PROBLEM_NOT_FOUND);
    if (!admin) return this.exampleDto(problem, await this.repository.examplesOf([id]));
    return this.dto(problem, (await this.repository.testsOf([id])).get(id) ?? [], true);
  }

  async testCasesFor(id: string, viewer: AuthUser | undefined, all: boolean): Promise<TestCaseDto[]> {
    const problem = await this.viewProblem(id, viewer);
    if (all) return (await this.repository.tests(id, true)).map(toTestCaseDto);
    return problem.testCases;
  }

  /**
   * What a run (examples) or a submit (every test) is judged with: the problem and its tests in the
   * order they are judged, as read at most PUBLIC_VIEW_MAX_AGE_MS ago (issue 35: every run and submit
   * read them). An edit through this instance shows at once, one through another within that time.
   */
  async forJudging(
    problemId: string,
    includeHidden: boolean,
  ): Promise<{ problem: Problem; tests: TestCase[] }> {
    const found = await this.judgingViews.get(`${problemId}/${includeHidden ? 'all' : 'examples'}`);
    if (!found) throw new NotFoundException(PROBLEM_NOT_FOUND);
    return found;
  }

  private async readForJudging(key: string): Promise<{ problem: Problem; tests: TestCase[] } | null> {
    const [problemId, which] = key.split('/');
    const problem = await this.repository.byId(problemId);
    if (!problem) return null;
    return { problem, tests: await this.testsForJudging(problemId, which === 'all') };
  }

  /** A problem's tests in the order they are judged (examplesFirst): all of them, or its examples only. */
  async testsForJudging(problemId: string, includeHidden: boolean): Promise<TestCase[]> {
    return examplesFirst(await this.repository.tests(problemId, includeHidden));
  }

  create(form: ProblemFormBody | ClassicProblemFormBody, author: AuthUser): Promise<ProblemDto> {
    return this.writing(() => this.store(form, author));
  }

  private async store(form: ProblemFormBody | ClassicProblemFormBody, author: AuthUser): Promise<ProblemDto> {
    if (form.kind === 'stdio') {
      const grouped = withGroups(form.testGroups, form.testCases, classicTests(form));
      const stored = await this.repository.create(
        { ...normaliseClassicForm(form, null), testGroups: grouped.testGroups, createdBy: author.id },
        grouped.tests,
      );
      return this.dto(stored.problem, stored.tests, true);
    }
    const values = normaliseForm(form);
    const grouped = withGroups(
      form.testGroups,
      form.testCases,
      normaliseTests(values.inputVariables, form.testCases),
    );
    const stored = await this.repository.create(
      { ...values, testGroups: grouped.testGroups, ...judgingFields(form, null), createdBy: author.id },
      grouped.tests,
    );
    return this.dto(stored.problem, stored.tests, true);
  }

  /** The whole form replaces the problem; the judging fields of issue 18 that are left out keep their values. */
  update(id: string, form: ProblemFormBody | ClassicProblemFormBody): Promise<ProblemDto> {
    return this.writing(() => this.replace(id, form));
  }

  private async replace(id: string, form: ProblemFormBody | ClassicProblemFormBody): Promise<ProblemDto> {
    if (form.kind === 'stdio') {
      const grouped = withGroups(form.testGroups, form.testCases, classicTests(form));
      const stored = await this.repository.update(
        id,
        (current) => ({ ...normaliseClassicForm(form, current), testGroups: grouped.testGroups }),
        grouped.tests,
      );
      if (!stored) throw new NotFoundException(PROBLEM_NOT_FOUND);
      return this.dto(stored.problem, stored.tests, true);
    }
    const values = normaliseForm(form);
    const grouped = withGroups(
      form.testGroups,
      form.testCases,
      normaliseTests(values.inputVariables, form.testCases),
    );
    const stored = await this.repository.update(
      id,
      (current) => ({ ...values, testGroups: grouped.testGroups, ...judgingFields(form, current) }),
      grouped.tests,
    );
    if (!stored) throw new NotFoundException(PROBLEM_NOT_FOUND);
    return this.dto(stored.problem, stored.tests, true);
  }

  async remove(id: string): Promise<{ success: true; message: string }> {
    await this.requireProblem(id);
    const removed = await this.writing(() => this.repository.remove(id));
    if (removed === 'referenced') throw new ConflictException(PROBLEM_IN_CONTEST);
    return { success: true, message: ServerMessages.problemDeleted };
  }

  /**
   * The problems as anyone but an admin sees them (examples only), as read at most
   * PUBLIC_VIEW_MAX_AGE_MS ago: a contest page shows the same problems to every reader (issue 35). An
   * edit through this instance shows at once; one through another instance within that time.
   */
  problemsByIds(ids: string[]): Promise<Map<string, ProblemDto>> {
    return this.publicViews.get(ids.join(','));
  }

  private async readPublicViews(ids: string[]): Promise<Map<string, ProblemDto>> {
    const problems = await this.repository.byIds(ids);
    const tests = await this.repository.examplesOf(ids);
    return new Map(problems.map((p) => [p.id, this.exampleDto(p, tests)]));
  }

  /** A problem as anyone but an admin sees it: its examples, and the count of all its tests. */
  private exampleDto(problem: Problem, tests: Map<string, ExamplesAndCount>): ProblemDto {
    const { examples, count } = tests.get(problem.id) ?? { examples: [], count: 0 };
    return this.dto(problem, examples, false, count);
  }

  /** Title, difficulty and points only: what anyone may know of a contest's problems before it starts. */
  async summariesByIds(ids: string[]): Promise<Map<string, ProblemDto>> {
    const problems = await this.repository.summariesByIds(ids);
    return new Map(
      problems.map((p) => [
        p.id,
        {
          _id: p.id,
          id: p.id,
          title: p.title,
          difficulty: p.difficulty,
          points: p.points,
          description: '',
          constraints: '',
          inputVariables: [],
          testCases: [],
          functionName: '',
          returnType: 'int',
          boilerplateCode: '',
          tags: [],
          isVisible: p.isVisible,
          testCaseCount: 0,
          kind: p.kind ?? 'function',
        } satisfies ProblemDto,
      ]),
    );
  }
}

/**
 * A test value as the text stored in the inputs map: typed text stays as typed; a JSON value
 * (number, boolean, nested arrays) becomes the text an admin would type for it (`[[1,2],[3]]`), so
 * every stored map reads the same way. Null when it is not a value of `type`, with the reason.
 */
export function storedValue(
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
export function checkGroups(groups: readonly TestGroupBody[]): TestGroup[] {
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

/** Checks what the DTO cannot (identifiers; test values are checked by normaliseTests) and fills the spec's defaults. */
function normaliseForm(form: ProblemFormBody) {
  if (!isJavaIdentifier(form.functionName)) {
    throw new BadRequestException(ReferenceMessages.functionNameNotIdentifier(form.functionName));
  }
  const inputVariables = normaliseVariables(form.inputVariables);
  const returnType = form.returnType ?? 'int';
  return {
    title: form.title,
    description: unsignStatement(form.description),
    constraints: form.constraints ?? '',
    difficulty: form.difficulty ?? 'easy',
    points: form.points ?? DEFAULT_PROBLEM_POINTS,
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

/** The program a classic problem's editor starts from: a whole program reading standard input. */
export const CLASSIC_STARTER_CODE = `import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));

        out.flush();
    }
}
`;

/** A classic problem's tests as text, stored as they are. */
function classicTests(form: Pick<ClassicProblemFormBody, 'testCases'>): StoredTest[] {
  return form.testCases.map((t) => ({
    inputs: t.input,
    expectedOutput: t.expectedOutput,
    isExample: t.isExample,
  }));
}

/**
 * The stored columns of a classic problem form (issue 29): no signature, its limits and its output
 * validation. Left out on an update, the limits, flags, validator and reference keep `current`'s values.
 */
export function normaliseClassicForm(
  form: ClassicProblemFormBody,
  current: Problem | null,
): Omit<Problem, 'id' | 'createdAt' | 'updatedAt' | 'createdBy' | 'testCases' | 'testGroups'> {
  const validatorFlags = form.validatorFlags ?? current?.validatorFlags ?? [];
  const outputValidator =
    form.outputValidator === undefined ? (current?.outputValidator ?? null) : form.outputValidator;
  checkOutputValidation(validatorFlags, outputValidator, 'validatorFlags');
  const interaction = form.interaction ?? current?.interaction ?? 'none';
  if (interaction !== 'none' && !outputValidator)
    throw new BadRequestException(PackageMessages.interactiveWithoutValidator(interaction));
  return {
    title: form.title,
    description: unsignStatement(form.description),
    constraints: form.constraints ?? '',
    difficulty: form.difficulty ?? 'easy',
    points: form.points ?? DEFAULT_PROBLEM_POINTS,
    inputVariables: [],
    functionName: '',
    returnType: 'void',
    boilerplateCode: CLASSIC_STARTER_CODE,
    tags: canonicalTags(form.tags ?? []),
    isVisible: form.isVisible ?? true,
    checker: 'exact',
    tolerance: null,
    checkerCode: null,
    referenceSolution:
      form.referenceSolution === undefined
        ? (current?.referenceSolution ?? null)
        : form.referenceSolution.trim()
          ? form.referenceSolution
          : null,
    kind: 'stdio',
    timeLimitMs: form.timeLimitMs ?? current?.timeLimitMs ?? CLASSIC_LIMITS.defaultTimeLimitMs,
    memoryLimitMb: form.memoryLimitMb ?? current?.memoryLimitMb ?? null,
    validatorFlags,
    outputValidator,
    interaction,
    validationPasses:
      interaction === 'multi-pass' ? (form.validationPasses ?? current?.validationPasses ?? 2) : null,
    sampleInteractions: current?.sampleInteractions ?? [],
    // An admin's own limit replaces the one set from the jury.
    timeLimitBasis:
      form.timeLimitMs === undefined || form.timeLimitMs === current?.timeLimitMs
        ? (current?.timeLimitBasis ?? null)
        : null,
  };
}

/**
 * A 400 naming what is wrong with a classic problem's output validation: the default validator's flags
 * (a custom validator takes any flags as its arguments), or a validator file path leaving its folder.
 */
export function checkOutputValidation(
  flags: readonly string[],
  validator: Problem['outputValidator'],
  where: string,
): void {
  if (!validator) {
    const parsed = parseDefaultValidatorFlags(flags);
    if (!parsed.ok) throw new BadRequestException(`${where}: ${parsed.error}`);
    return;
  }
  for (const file of validator.files) {
    if (!isInsidePath(file.path)) throw new BadRequestException(PackageMessages.badValidatorPath(file.path));
  }
}

export { isInsidePath };

export function toTestCaseDto(tc: TestCase): TestCaseDto {
  return {
    _id: tc.id,
    id: tc.id,
    input: tc.input,
    expectedOutput: tc.expectedOutput,
    isExample: tc.isExample,
    ...(tc.group ? { group: tc.group } : {}),
    ...(tc.interaction?.length ? { interaction: tc.interaction } : {}),
  };
}

/**
 * An interactive problem's sample as a non-admin sees it: its dialogue only. The format keeps its .in and
 * .ans from teams (the validator's own data, e.g. the secret a guessing game hides); admins see them.
 */
function sampleOf(problem: Problem, admin: boolean): (tc: TestCase) => TestCaseDto {
  if (admin || problem.interaction !== 'interactive') return toTestCaseDto;
  return (tc) => ({ ...toTestCaseDto(tc), input: '', expectedOutput: '' });
}

/** The wire form of a problem; hidden tests only when `withHidden` (admins). */
export function toProblemDto(
  problem: Problem,
  tests: TestCase[],
  withHidden: boolean,
  testCount = tests.length,
): ProblemDto {
  return {
    _id: problem.id,
    id: problem.id,
    title: problem.title,
    description: problem.description,
    constraints: problem.constraints,
    difficulty: problem.difficulty,
    points: problem.points ?? DEFAULT_PROBLEM_POINTS,
    inputVariables: problem.inputVariables,
    testCases: tests.filter((t) => withHidden || t.isExample).map(sampleOf(problem, withHidden)),
    functionName: problem.functionName,
    returnType: problem.returnType,
    boilerplateCode: problem.boilerplateCode,
    tags: problem.tags,
    isVisible: problem.isVisible,
    testCaseCount: testCount,
    createdAt: problem.createdAt?.toISOString(),
    checker: problem.checker ?? 'exact',
    ...(problem.checker === 'float' ? { tolerance: problem.tolerance ?? DEFAULT_FLOAT_TOLERANCE } : {}),
    // The checker's source and the reference solution are the author's: admins only.
    ...(withHidden
      ? { checkerCode: problem.checkerCode ?? '', referenceSolution: problem.referenceSolution ?? '' }
      : {}),
    ...classicFieldsOf(problem, withHidden),
    // The subtasks and their points are part of the statement (as olympiad statements list them).
    ...(problem.testGroups?.length ? { testGroups: problem.testGroups } : {}),
  };
}

/** A problem's kind, and a classic problem's limits and validation (its custom validator for admins only). */
function classicFieldsOf(problem: Problem, admin: boolean): ClassicProblemFields {
  if (problem.kind !== 'stdio') return { kind: 'function' };
  return {
    kind: 'stdio',
    timeLimitMs: problem.timeLimitMs ?? CLASSIC_LIMITS.defaultTimeLimitMs,
    ...(problem.memoryLimitMb ? { memoryLimitMb: problem.memoryLimitMb } : {}),
    validatorFlags: problem.validatorFlags ?? [],
    ...(admin && problem.outputValidator ? { outputValidator: problem.outputValidator } : {}),
    ...(problem.interaction && problem.interaction !== 'none' ? { interaction: problem.interaction } : {}),
    ...(problem.interaction === 'multi-pass' && problem.validationPasses
      ? { validationPasses: problem.validationPasses }
      : {}),
    ...(problem.sampleInteractions?.length ? { sampleInteractions: problem.sampleInteractions } : {}),
    ...(admin && problem.timeLimitBasis ? { timeLimitBasis: problem.timeLimitBasis } : {}),
  };
}

/** What a judge job needs to compare outputs as the problem's author chose (apps/judge/src/checkers). */
/**
 * Tests in the order they are judged: examples first, then hidden tests, each in stored order (issue 27).
 * A program sees a hidden input only after every example ran, so no output a user is shown (an
 * example's output or standard error) can carry a hidden input, whatever order the tests are stored in.
 */
export function examplesFirst<T extends { isExample: boolean }>(tests: readonly T[]): T[] {
  return [...tests.filter((t) => t.isExample), ...tests.filter((t) => !t.isExample)];
}

export function checkerOfProblem(
  problem: Pick<Problem, 'checker' | 'tolerance' | 'checkerCode'>,
): Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode'> {
  const checker = problem.checker ?? 'exact';
  return {
    checker,
    ...(checker === 'float' ? { tolerance: problem.tolerance ?? DEFAULT_FLOAT_TOLERANCE } : {}),
    ...(checker === 'custom' ? { checkerCode: problem.checkerCode ?? '' } : {}),
  };
}
