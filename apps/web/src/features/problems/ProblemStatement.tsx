import {
  canonicalTags,
  checkerDescription,
  defaultValidatorDescription,
  PackageUiMessages,
  parseDefaultValidatorFlags,
  type InputVariable,
  type Problem,
  type TestCase,
} from '@javelin/contracts';
import { javaType } from '@javelin/java-io';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { isClassic, type AnyProblem } from './classic';
import { pointsOf } from './solving';
import { StatementMarkdown } from './StatementMarkdown';
import { SubtaskList } from './SubtaskTable';
import { formatInputs } from '../submissions/TestResults';

export function functionSignature(
  problem: Pick<Problem, 'functionName' | 'returnType' | 'inputVariables'>,
): string {
  const params = (problem.inputVariables ?? []).map((v) => `${safeJavaType(v.type)} ${v.name}`).join(', ');
  return `public static ${safeJavaType(problem.returnType)} ${problem.functionName}(${params})`;
}

function safeJavaType(type: string): string {
  try {
    return javaType(type as InputVariable['type']);
  } catch {
    return type;
  }
}

export function TestCaseList({
  testCases,
  variables,
  raw = false,
}: {
  testCases: readonly TestCase[];
  variables: readonly InputVariable[];
  /** A classic problem's tests: the input is the text its program reads, shown as it is. */
  raw?: boolean;
}) {
  if (!testCases.length) return <p className="muted">No test cases available.</p>;
  return (
    <>
      {testCases.map((tc, i) => (
        <div key={tc._id ?? tc.id ?? i} className="test-case">
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <strong>Test Case {i + 1}</strong>
            <Badge variant={tc.isExample ? 'outline' : 'secondary'}>
              {tc.isExample ? 'Example' : 'Hidden'}
            </Badge>
          </div>
          {tc.input || tc.expectedOutput ? (
            <>
              <div className="muted" style={{ fontSize: '0.8rem' }}>
                Input:
              </div>
              <pre>{raw ? tc.input : formatInputs(tc.input, variables)}</pre>
              <div className="muted" style={{ fontSize: '0.8rem' }}>
                Expected Output:
              </div>
              <pre>{tc.expectedOutput}</pre>
            </>
          ) : (
            <p className="muted">Hidden test case</p>
          )}
        </div>
      ))}
    </>
  );
}

/** The statement's title with its difficulty, and what solving it is worth. */
function StatementHeading({ problem, worth }: { problem: AnyProblem; worth: string }) {
  return (
    <>
      <div className="card-header">
        <h1 id="problem-title" style={{ fontSize: '1.5rem' }}>
          {problem.title}
        </h1>
        <DifficultyBadge difficulty={problem.difficulty} />
      </div>
      <p className="muted">{worth}</p>
    </>
  );
}

/** The problem's tags, as outline badges; nothing when it has none. */
function TagList({ tags }: { tags: readonly string[] | undefined }) {
  // Canonical, without difficulty words: the badge beside the title says the difficulty (issue 45).
  const shown = canonicalTags(tags ?? []);
  if (!shown.length) return null;
  return (
    <div className="tag-list" aria-label="Tags">
      {shown.map((t) => (
        <Badge key={t} variant="outline">
          {t}
        </Badge>
      ))}
    </div>
  );
}

/** How a classic problem's output is judged: its default validator's flags in words, or its own validator. */
export function classicJudgingSentence(
  problem: Pick<AnyProblem, 'validatorFlags' | 'outputValidator'>,
): string {
  if (problem.outputValidator) return PackageUiMessages.customValidatorJudges;
  const parsed = parseDefaultValidatorFlags(problem.validatorFlags ?? []);
  return parsed.ok ? defaultValidatorDescription(parsed.options) : PackageUiMessages.customValidatorJudges;
}

/** The statement of a practice or contest problem; the contest page lists only the examples. */
export function ProblemStatement({
  problem,
  testCases,
  points,
  worth,
  testCasesHeading = 'Test Cases',
}: {
  problem: AnyProblem;
  testCases: readonly TestCase[];
  points?: number;
  /** What a solve is worth when not points (an ICPC contest's problem); replaces the points line. */
  worth?: string;
  testCasesHeading?: string;
}) {
  const worthLine = worth ?? `${points ?? pointsOf(problem)} points`;
  if (isClassic(problem))
    return (
      <ClassicStatement
        problem={problem}
        testCases={testCases}
        worth={worthLine}
        heading={testCasesHeading}
      />
    );
  return (
    <article className="card statement" aria-labelledby="problem-title">
      <StatementHeading problem={problem} worth={worthLine} />
      <TagList tags={problem.tags} />
      <h2 className="sr-only">Description</h2>
      <p style={{ whiteSpace: 'pre-wrap' }}>{problem.description}</p>
      {problem.constraints && (
        <section className="section">
          <h3>Constraints</h3>
          <pre>{problem.constraints}</pre>
        </section>
      )}
      <SubtaskList testGroups={problem.testGroups} />
      {problem.functionName && (
        <section className="section">
          <h3>Function Signature</h3>
          <pre>{functionSignature(problem)}</pre>
        </section>
      )}
      {!!problem.inputVariables?.length && (
        <section className="section">
          <h3>Input Parameters</h3>
          <ul>
            {problem.inputVariables.map((v) => (
              <li key={v.id ?? v.name}>
                <code>{v.name}</code> ({safeJavaType(v.type)}){v.description ? ` — ${v.description}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="section">
        <h3>How Your Output Is Judged</h3>
        <p data-testid="checker-sentence">
          {checkerDescription(problem.checker ?? 'exact', problem.tolerance)}
        </p>
      </section>
      <section className="section">
        <h3>{testCasesHeading}</h3>
        <TestCaseList testCases={testCases} variables={problem.inputVariables ?? []} />
      </section>
    </article>
  );
}

/** A classic problem's statement: Markdown with math and images, its limits, raw example input. */
function ClassicStatement({
  problem,
  testCases,
  worth,
  heading,
}: {
  problem: AnyProblem;
  testCases: readonly TestCase[];
  worth: string;
  heading: string;
}) {
  const limits = PackageUiMessages.limits(problem.timeLimitMs, problem.memoryLimitMb);
  return (
    <article className="card statement" aria-labelledby="problem-title">
      <StatementHeading problem={problem} worth={worth} />
      {limits && (
        <p className="problem-limits" data-testid="problem-limits">
          {limits}
        </p>
      )}
      <TagList tags={problem.tags} />
      <h2 className="sr-only">Description</h2>
      <StatementMarkdown source={problem.description} problemId={problem._id} />
      {problem.constraints && (
        <section className="section">
          <h3>Constraints</h3>
          <StatementMarkdown source={problem.constraints} problemId={problem._id} />
        </section>
      )}
      <SubtaskList testGroups={problem.testGroups} />
      <section className="section">
        <h3>Your Program</h3>
        <p>{PackageUiMessages.classicProgram}</p>
      </section>
      <section className="section">
        <h3>How Your Output Is Judged</h3>
        <p data-testid="checker-sentence">{classicJudgingSentence(problem)}</p>
      </section>
      <section className="section">
        <h3>{heading}</h3>
        <TestCaseList testCases={testCases} variables={[]} raw />
      </section>
    </article>
  );
}
