import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { InputVariable, InteractionLine } from '@javelin/contracts';
import { DataSource, EntityManager, In, QueryFailedError } from 'typeorm';
import { Problem } from './problem.entity';
import { TestCase } from './test-case.entity';

/** A test as the service has checked it: each variable's value as text, or a classic test's raw input text. */
export interface StoredTest {
  inputs: Record<string, string> | string;
  expectedOutput: string;
  isExample: boolean;
  /** Where a package held it (`secret/group1/03`). */
  name?: string | null;
  /** Its test group on a scoring problem (issue 31). */
  group?: string | null;
  /** A sample's dialogue on an interactive or multi-pass problem (issue 42). */
  interaction?: InteractionLine[] | null;
  /** Its test group's own validator flags (issue 42); null: the problem's. */
  validatorFlags?: string[] | null;
}

/** The columns of a problem its form sets (the database keeps the id and the times, and the author). */
type ProblemValues = Omit<Problem, 'id' | 'createdAt' | 'updatedAt' | 'createdBy' | 'testCases'>;

/** A problem with its tests in order. */
interface StoredProblem {
  problem: Problem;
  tests: TestCase[];
}

/** What the summaries of a contest's problems carry before it starts. */
/** A problem's example tests and the number of its tests, hidden ones included. */
export interface ExamplesAndCount {
  examples: TestCase[];
  count: number;
}

/** A stored test's texts' UTF-8 sizes and SHA-256, kept by the database beside them (issue 42). */
export interface TextDigests {
  inputBytes: number;
  inputSha256: string;
  expectedOutputBytes: number;
  expectedOutputSha256: string;
}

/**
 * A test as a judge job is built from it (issue 42): a text over `unreadOver` bytes is not read (null),
 * the job refers to it by its digest; the rest as stored.
 */
export interface JudgingTest {
  id: string;
  name: string | null;
  isExample: boolean;
  group: string | null;
  validatorFlags: string[] | null;
  input: string | null;
  expectedOutput: string | null;
  digests: TextDigests;
}

type ProblemSummary = Pick<Problem, 'id' | 'title' | 'difficulty' | 'points' | 'kind' | 'isVisible'>;

const TESTS_PER_INSERT = 100;

/** PostgreSQL's foreign_key_violation: a row elsewhere (a contest) still refers to it. */
const FOREIGN_KEY_VIOLATION = '23503';

/** The problems and test_cases tables, and which problems a user solved in practice. */
@Injectable()
export class ProblemsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Visible problems, oldest first. */
  visible(): Promise<Problem[]> {
    return this.db.getRepository(Problem).find({ where: { isVisible: true }, order: { createdAt: 'ASC' } });
  }

  all(): Promise<Problem[]> {
    return this.db.getRepository(Problem).find({ order: { createdAt: 'ASC' } });
  }

  byId(id: string): Promise<Problem | null> {
    return this.db.getRepository(Problem).findOne({ where: { id } });
  }

  byIds(ids: string[]): Promise<Problem[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.getRepository(Problem).find({ where: { id: In(ids) } });
  }

  summariesByIds(ids: string[]): Promise<ProblemSummary[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.getRepository(Problem).find({
      where: { id: In(ids) },
      select: { id: true, title: true, difficulty: true, points: true, kind: true, isVisible: true },
    });
  }

  /** The titles among `titles` that a problem already has. */
  async titlesPresent(titles: string[]): Promise<Set<string>> {
    const rows = await this.db
      .getRepository(Problem)
      .find({ where: { title: In(titles) }, select: { title: true } });
    return new Set(rows.map((r) => r.title));
  }

  /** Each problem's tests in their order. */
  async testsOf(problemIds: string[]): Promise<Map<string, TestCase[]>> {
    const byProblem = new Map<string, TestCase[]>();
    if (problemIds.length === 0) return byProblem;
    const tests = await this.db
      .getRepository(TestCase)
      .find({ where: { problemId: In(problemIds) }, order: { problemId: 'ASC', position: 'ASC' } });
    for (const t of tests) byProblem.set(t.problemId, [...(byProblem.get(t.problemId) ?? []), t]);
    return byProblem;
  }

  /**
   * Each problem's example tests in their order, and how many tests it has in all, in one query: what
   * anyone but an admin is shown. A hidden test's content is never read (issue 35: a contest page
   * used to read every test of its problems on every view).
   */
  async examplesOf(problemIds: string[]): Promise<Map<string, ExamplesAndCount>> {
    const byProblem = new Map<string, ExamplesAndCount>();
    if (problemIds.length === 0) return byProblem;
    const rows: {
      problem_id: string;
      total: number;
      id: string | null;
      position: number;
      input: string;
      name: string | null;
      expected_output: string;
      group_name: string | null;
      interaction: InteractionLine[] | null;
    }[] = await this.db.query(
      `SELECT c.problem_id, c.total, t.id, t.position, t.input, t.name, t.expected_output, t.group_name,
              t.interaction
         FROM (SELECT problem_id, count(*)::int AS total FROM test_cases
                WHERE problem_id = ANY($1) GROUP BY problem_id) c
         LEFT JOIN test_cases t ON t.problem_id = c.problem_id AND t.is_example
        ORDER BY c.problem_id, t.position`,
      [problemIds],
    );
    for (const r of rows) {
      let entry = byProblem.get(r.problem_id);
      if (!entry) byProblem.set(r.problem_id, (entry = { examples: [], count: r.total }));
      if (r.id === null) continue;
      entry.examples.push(
        Object.assign(new TestCase(), {
          id: r.id,
          problemId: r.problem_id,
          position: r.position,
          input: r.input,
          name: r.name,
          expectedOutput: r.expected_output,
          isExample: true,
          group: r.group_name,
          interaction: r.interaction,
        }),
      );
    }
    return byProblem;
  }

  /** A problem's tests in order: all of them, or its examples only. */
  tests(problemId: string, includeHidden: boolean): Promise<TestCase[]> {
    return this.db.getRepository(TestCase).find({
      where: includeHidden ? { problemId } : { problemId, isExample: true },
      order: { position: 'ASC' },
    });
  }

  /**
   * A problem's tests in order (all, or its examples only) with their texts' digests; a text over
   * `unreadOver` bytes is left unread, an input too unless `allInputs` (a function problem's input is
   * its variables' map, serialised into the job: its digest is not the job's).
   */
  async judgingTests(
    problemId: string,
    includeHidden: boolean,
    unreadOver: number,
    allInputs: boolean,
  ): Promise<JudgingTest[]> {
    const rows: {
      id: string;
      name: string | null;
      is_example: boolean;
      group_name: string | null;
      validator_flags: string[] | null;
      input: string | null;
      expected_output: string | null;
      input_bytes: number;
      input_sha256: string;
      expected_output_bytes: number;
      expected_output_sha256: string;
    }[] = await this.db.query(
      `SELECT id, name, is_example, group_name, validator_flags,
              input_bytes, input_sha256, expected_output_bytes, expected_output_sha256,
              CASE WHEN $4 OR input_bytes <= $3 THEN input END AS input,
              CASE WHEN expected_output_bytes <= $3 THEN expected_output END AS expected_output
         FROM test_cases
        WHERE problem_id = $1 AND ($2 OR is_example)
        ORDER BY position`,
      [problemId, includeHidden, unreadOver, allInputs],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      isExample: r.is_example,
      group: r.group_name,
      validatorFlags: r.validator_flags,
      input: r.input,
      expectedOutput: r.expected_output,
      digests: {
        inputBytes: r.input_bytes,
        inputSha256: r.input_sha256,
        expectedOutputBytes: r.expected_output_bytes,
        expectedOutputSha256: r.expected_output_sha256,
      },
    }));
  }

  /** The texts of the tests `ids`, by id (what judgingTests left unread, when it is to be shown). */
  async textsOf(ids: string[]): Promise<Map<string, { input: string; expectedOutput: string }>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; input: string; expected_output: string }[] = await this.db.query(
      `SELECT id, input, expected_output FROM test_cases WHERE id = ANY($1)`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { input: r.input, expectedOutput: r.expected_output }]));
  }

  /** A stored test's input or expected output whose UTF-8 bytes hash to `sha256`; null when no test has it. */
  async textBySha256(sha256: string): Promise<string | null> {
    const [row]: { text: string }[] = await this.db.query(
      `(SELECT input AS text FROM test_cases WHERE input_sha256 = $1 LIMIT 1)
       UNION ALL
       (SELECT expected_output FROM test_cases WHERE expected_output_sha256 = $1 LIMIT 1)
       LIMIT 1`,
      [sha256],
    );
    return row?.text ?? null;
  }

  /** The problems `userId` solved, in practice or in a contest (issue 45: one 'solved' on every screen). */
  async solvedByUser(userId: string): Promise<Set<string>> {
    const rows: { problem_id: string }[] = await this.db.query(
      `SELECT DISTINCT problem_id FROM solved_problems WHERE user_id = $1`,
      [userId],
    );
    return new Set(rows.map((r) => r.problem_id));
  }

  /** Stores a new problem and its tests at once. */
  create(values: ProblemValues & Pick<Problem, 'createdBy'>, tests: StoredTest[]): Promise<StoredProblem> {
    return this.db.transaction((m) => this.createIn(m, values, tests));
  }

  /** Stores a new problem and its tests within the caller's transaction (`id` chosen by the caller, or new). */
  async createIn(
    m: EntityManager,
    values: ProblemValues & Pick<Problem, 'createdBy'> & { id?: string },
    tests: StoredTest[],
  ): Promise<StoredProblem> {
    const repo = m.getRepository(Problem);
    const problem = await repo.save(repo.create(values));
    return { problem, tests: await this.replaceTests(m, problem, tests) };
  }

  /**
   * Replaces a problem's columns (with what `change` makes of the stored row, read under the same
   * transaction) and its tests; null when there is no such problem.
   */
  update(
    id: string,
    change: (current: Problem) => ProblemValues,
    tests: StoredTest[],
  ): Promise<StoredProblem | null> {
    return this.db.transaction(async (m) => {
      const problem = await m.getRepository(Problem).findOne({ where: { id } });
      if (!problem) return null;
      Object.assign(problem, change(problem));
      await m.getRepository(Problem).save(problem);
      return { problem, tests: await this.replaceTests(m, problem, tests) };
    });
  }

  /** Deletes a problem; 'referenced' when a contest still lists it, so nothing was deleted. */
  async remove(id: string): Promise<'removed' | 'referenced'> {
    try {
      await this.db.getRepository(Problem).delete({ id });
      return 'removed';
    } catch (error) {
      if (error instanceof QueryFailedError && (error as { code?: string }).code === FOREIGN_KEY_VIOLATION)
        return 'referenced';
      throw error;
    }
  }

  /**
   * A test's inputs are stored as the JSON map of variable name to text, in the variables' order; a
   * classic test's raw input as it is. Used inside a caller's transaction too (the package import).
   */
  async replaceTests(m: EntityManager, problem: Problem, tests: StoredTest[]): Promise<TestCase[]> {
    const repo = m.getRepository(TestCase);
    await repo.delete({ problemId: problem.id });
    const variables: InputVariable[] = problem.inputVariables;
    const stored: TestCase[] = [];
    // In slices: a package's hundreds of large tests would overflow one INSERT's parameters.
    for (let start = 0; start < tests.length; start += TESTS_PER_INSERT) {
      const rows = tests.slice(start, start + TESTS_PER_INSERT).map((tc, i) =>
        repo.create({
          problemId: problem.id,
          position: start + i,
          input:
            typeof tc.inputs === 'string'
              ? tc.inputs
              : JSON.stringify(
                  Object.fromEntries(
                    variables.map((v) => [v.name, (tc.inputs as Record<string, string>)[v.name]]),
                  ),
                ),
          name: tc.name ?? null,
          expectedOutput: tc.expectedOutput,
          isExample: tc.isExample,
          group: tc.group ?? null,
          interaction: tc.interaction ?? null,
          validatorFlags: tc.validatorFlags ?? null,
        }),
      );
      stored.push(...(await repo.save(rows)));
    }
    return stored;
  }
}
