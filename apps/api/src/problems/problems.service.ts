import { ConflictException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import {
  type ClassicProblemFormBody,
  isAdminRoles,
  JUDGE_TEST_INLINE_MAX_BYTES,
  Problem as ProblemDto,
  type ProblemFormBody,
  ServerMessages,
  TestCase as TestCaseDto,
} from '@javelin/contracts';
import type { AuthUser } from '../users/users.service';
import { ExpiringCache } from '../common/expiring-cache';
import { classicTests, normaliseClassicForm } from './classic-problem-form';
import { ImageLinks } from './image-links';
import { toProblemDto, toTestCaseDto } from './problem-dto';
import { judgingFields, normaliseForm, normaliseTests, withGroups } from './problem-form';
import { examplesFirst } from './problem-judging';
import { Problem } from './problem.entity';
import { ExamplesAndCount, type JudgingTest, ProblemsRepository } from './problems.repository';
import { TestCase } from './test-case.entity';

// Re-exported for execution/, which imports them from this file.

export const PROBLEM_NOT_FOUND = ServerMessages.problemNotFound;
const PROBLEM_IN_CONTEST = ServerMessages.problemInContest;
/**
 * How long the problem list and a contest page's problems (the same for every reader but an admin) are
 * reused: an edit through this instance shows at once, one through another instance within this time.
 */
const PUBLIC_VIEW_MAX_AGE_MS = 1_000;

interface ProblemListItem extends ProblemDto {
  solved: boolean;
}

@Injectable()
export class ProblemsService {
  /** The visible problems as everyone but admins sees them, newest last (listVisible without the solved flags). */
  private readonly visibleList = new ExpiringCache<'all', ProblemDto[]>(PUBLIC_VIEW_MAX_AGE_MS, () =>
    this.readVisibleList(),
  );
  /** A problem and its tests as judged, by 'id/all' or 'id/examples' (forJudging). */
  private readonly judgingViews = new ExpiringCache<
    string,
    { problem: Problem; tests: JudgingTest[] } | null
  >(PUBLIC_VIEW_MAX_AGE_MS, (key) => this.readForJudging(key), 1_000);
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
  ): Promise<{ problem: Problem; tests: JudgingTest[] }> {
    const found = await this.judgingViews.get(`${problemId}/${includeHidden ? 'all' : 'examples'}`);
    if (!found) throw new NotFoundException(PROBLEM_NOT_FOUND);
    return found;
  }

  private async readForJudging(key: string): Promise<{ problem: Problem; tests: JudgingTest[] } | null> {
    const [problemId, which] = key.split('/');
    const problem = await this.repository.byId(problemId);
    if (!problem) return null;
    return { problem, tests: await this.testsForJudging(problem, which === 'all') };
  }

  /**
   * A problem's tests in the order they are judged (examplesFirst): all of them, or its examples only. A
   * classic test's text too large to travel inline in a judge job is left unread (issue 42: the job refers
   * to it by its stored digest); withTexts reads it where it is to be shown.
   */
  async testsForJudging(
    problem: Pick<Problem, 'id' | 'kind'>,
    includeHidden: boolean,
  ): Promise<JudgingTest[]> {
    return examplesFirst(
      await this.repository.judgingTests(
        problem.id,
        includeHidden,
        JUDGE_TEST_INLINE_MAX_BYTES,
        problem.kind !== 'stdio',
      ),
    );
  }

  /** The tests with the texts testsForJudging left unread read, for those `shown` picks (the rest as they are). */
  async withTexts<T extends JudgingTest>(tests: readonly T[], shown: (test: T) => boolean): Promise<T[]> {
    const unread = tests.filter((t) => shown(t) && (t.input === null || t.expectedOutput === null));
    if (unread.length === 0) return [...tests];
    const texts = await this.repository.textsOf(unread.map((t) => t.id));
    return tests.map((t) => {
      const read = shown(t) ? texts.get(t.id) : undefined;
      return read ? { ...t, ...read } : t;
    });
  }

  /** A problem's tests in order with their whole texts: all of them, or its examples only. */
  async testsInFull(problemId: string, includeHidden: boolean): Promise<TestCase[]> {
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
