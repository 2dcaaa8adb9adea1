import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_PROBLEM_POINTS,
  isAdminRoles,
  Problem as ProblemDto,
  ServerMessages,
  TestCase as TestCaseDto,
} from '@javelin/contracts';
import { generateBoilerplate, isJavaIdentifier, validateValue } from '@javelin/java-io';
import { DataSource, EntityManager, In, QueryFailedError } from 'typeorm';
import type { AuthUser } from '../users/users.service';
import { ProblemFormDto } from './dto/problem-form.dto';
import { Problem } from './problem.entity';
import { TestCase } from './test-case.entity';

export const PROBLEM_NOT_FOUND = ServerMessages.problemNotFound;
export const PROBLEM_IN_CONTEST = ServerMessages.problemInContest;

export interface ProblemListItem extends ProblemDto {
  solved: boolean;
}

@Injectable()
export class ProblemsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Visible problems, newest last, each with its example tests only and the caller's solved flag. */
  async listVisible(viewer?: AuthUser): Promise<ProblemListItem[]> {
    const problems = await this.db
      .getRepository(Problem)
      .find({ where: { isVisible: true }, order: { createdAt: 'ASC' } });
    const tests = await this.testsOf(problems.map((p) => p.id));
    const solved = viewer ? await this.solvedIds(viewer.id) : new Set<string>();
    return problems.map((p) => ({
      ...toProblemDto(p, tests.get(p.id) ?? [], false),
      solved: solved.has(p.id),
    }));
  }

  async listAll(): Promise<ProblemDto[]> {
    const problems = await this.db.getRepository(Problem).find({ order: { createdAt: 'ASC' } });
    const tests = await this.testsOf(problems.map((p) => p.id));
    return problems.map((p) => toProblemDto(p, tests.get(p.id) ?? [], true));
  }

  async requireProblem(id: string, manager: EntityManager = this.db.manager): Promise<Problem> {
    const problem = await manager.getRepository(Problem).findOne({ where: { id } });
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
    const tests = (await this.testsOf([id])).get(id) ?? [];
    return toProblemDto(problem, tests, admin);
  }

  async testCasesFor(id: string, viewer: AuthUser | undefined, all: boolean): Promise<TestCaseDto[]> {
    const problem = await this.viewProblem(id, viewer);
    if (all) {
      const tests = (await this.testsOf([id])).get(id) ?? [];
      return tests.map(toTestCaseDto);
    }
    return problem.testCases;
  }

  async testsForJudging(problemId: string, includeHidden: boolean): Promise<TestCase[]> {
    return this.db.getRepository(TestCase).find({
      where: includeHidden ? { problemId } : { problemId, isExample: true },
      order: { position: 'ASC' },
    });
  }

  async create(form: ProblemFormDto, author: AuthUser): Promise<ProblemDto> {
    const values = normaliseForm(form);
    return this.db.transaction(async (m) => {
      const problem = await m
        .getRepository(Problem)
        .save(m.getRepository(Problem).create({ ...values, createdBy: author.id }));
      const tests = await this.replaceTests(m, problem.id, form);
      return toProblemDto(problem, tests, true);
    });
  }

  async update(id: string, form: ProblemFormDto): Promise<ProblemDto> {
    const values = normaliseForm(form);
    return this.db.transaction(async (m) => {
      const problem = await this.requireProblem(id, m);
      Object.assign(problem, values);
      await m.getRepository(Problem).save(problem);
      const tests = await this.replaceTests(m, id, form);
      return toProblemDto(problem, tests, true);
    });
  }

  async remove(id: string): Promise<{ success: true; message: string }> {
    await this.requireProblem(id);
    try {
      await this.db.getRepository(Problem).delete({ id });
    } catch (error) {
      if (error instanceof QueryFailedError && (error as { code?: string }).code === '23503') {
        throw new ConflictException(PROBLEM_IN_CONTEST);
      }
      throw error;
    }
    return { success: true, message: ServerMessages.problemDeleted };
  }

  async problemsByIds(ids: string[]): Promise<Map<string, ProblemDto>> {
    if (ids.length === 0) return new Map();
    const problems = await this.db.getRepository(Problem).find({ where: { id: In(ids) } });
    const tests = await this.testsOf(ids);
    return new Map(problems.map((p) => [p.id, toProblemDto(p, tests.get(p.id) ?? [], false)]));
  }

  /** Title, difficulty and points only: what anyone may know of a contest's problems before it starts. */
  async summariesByIds(ids: string[]): Promise<Map<string, ProblemDto>> {
    if (ids.length === 0) return new Map();
    const problems = await this.db.getRepository(Problem).find({
      where: { id: In(ids) },
      select: { id: true, title: true, difficulty: true, points: true },
    });
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
          isVisible: true,
          testCaseCount: 0,
        } satisfies ProblemDto,
      ]),
    );
  }

  private async replaceTests(m: EntityManager, problemId: string, form: ProblemFormDto): Promise<TestCase[]> {
    await m.getRepository(TestCase).delete({ problemId });
    const rows = form.testCases.map((tc, position) =>
      m.getRepository(TestCase).create({
        problemId,
        position,
        input: JSON.stringify(
          Object.fromEntries(form.inputVariables.map((v) => [v.name, tc.inputs[v.name]])),
        ),
        expectedOutput: tc.expectedOutput,
        isExample: tc.isExample,
      }),
    );
    return m.getRepository(TestCase).save(rows);
  }

  private async testsOf(problemIds: string[]): Promise<Map<string, TestCase[]>> {
    const byProblem = new Map<string, TestCase[]>();
    if (problemIds.length === 0) return byProblem;
    const tests = await this.db
      .getRepository(TestCase)
      .find({ where: { problemId: In(problemIds) }, order: { problemId: 'ASC', position: 'ASC' } });
    for (const t of tests) byProblem.set(t.problemId, [...(byProblem.get(t.problemId) ?? []), t]);
    return byProblem;
  }

  private async solvedIds(userId: string): Promise<Set<string>> {
    const rows: { problem_id: string }[] = await this.db.query(
      `SELECT problem_id FROM solved_problems WHERE user_id = $1 AND contest_id IS NULL`,
      [userId],
    );
    return new Set(rows.map((r) => r.problem_id));
  }
}

/** Checks what the DTO cannot (identifiers, one valid value per variable) and fills the spec's defaults. */
function normaliseForm(form: ProblemFormDto) {
  if (!isJavaIdentifier(form.functionName)) {
    throw new BadRequestException(`functionName "${form.functionName}" is not a valid Java identifier`);
  }
  const names = new Set<string>();
  for (const v of form.inputVariables) {
    if (!isJavaIdentifier(v.name))
      throw new BadRequestException(`input variable "${v.name}" is not a valid Java identifier`);
    if (names.has(v.name)) throw new BadRequestException(`input variable "${v.name}" is declared twice`);
    names.add(v.name);
  }
  form.testCases.forEach((tc, i) => {
    for (const key of Object.keys(tc.inputs)) {
      if (!names.has(key))
        throw new BadRequestException(
          `testCases[${i}] has a value for "${key}", which is not an input variable`,
        );
    }
    for (const v of form.inputVariables) {
      const raw = tc.inputs[v.name];
      if (typeof raw !== 'string')
        throw new BadRequestException(`testCases[${i}] is missing a value for "${v.name}"`);
      const check = validateValue(v.type, raw);
      if (!check.valid) throw new BadRequestException(`testCases[${i}].${v.name}: ${check.error}`);
    }
  });
  const returnType = form.returnType ?? 'int';
  const inputVariables = form.inputVariables.map((v, i) => ({
    id: v.id || `var-${i + 1}`,
    name: v.name,
    type: v.type,
    description: v.description ?? '',
  }));
  return {
    title: form.title,
    description: form.description,
    constraints: form.constraints ?? '',
    difficulty: form.difficulty ?? 'easy',
    points: form.points ?? DEFAULT_PROBLEM_POINTS,
    inputVariables,
    functionName: form.functionName,
    returnType,
    boilerplateCode: form.boilerplateCode?.trim()
      ? form.boilerplateCode
      : generateBoilerplate({ functionName: form.functionName, returnType, inputVariables }),
    tags: [...new Set((form.tags ?? []).map((t) => t.trim()).filter(Boolean))],
    isVisible: form.isVisible ?? true,
  };
}

export function toTestCaseDto(tc: TestCase): TestCaseDto {
  return {
    _id: tc.id,
    id: tc.id,
    input: tc.input,
    expectedOutput: tc.expectedOutput,
    isExample: tc.isExample,
  };
}

/** The wire form of a problem; hidden tests only when `withHidden` (admins). */
export function toProblemDto(problem: Problem, tests: TestCase[], withHidden: boolean): ProblemDto {
  return {
    _id: problem.id,
    id: problem.id,
    title: problem.title,
    description: problem.description,
    constraints: problem.constraints,
    difficulty: problem.difficulty,
    points: problem.points ?? DEFAULT_PROBLEM_POINTS,
    inputVariables: problem.inputVariables,
    testCases: tests.filter((t) => withHidden || t.isExample).map(toTestCaseDto),
    functionName: problem.functionName,
    returnType: problem.returnType,
    boilerplateCode: problem.boilerplateCode,
    tags: problem.tags,
    isVisible: problem.isVisible,
    testCaseCount: tests.length,
    createdAt: problem.createdAt?.toISOString(),
  };
}
