import { Icon, type IconName } from '../../components/Icon';
import {
  ExecutionMessages,
  isNotJudged,
  PackageUiMessages,
  PracticeMessages,
  STDERR_DISPLAY_LIMIT,
  type InputVariable,
  type ShownResult,
} from '@javelin/contracts';
import { useState } from 'react';
import { decodeInputMap, rawValue } from '@javelin/java-io';

/** The test case's inputs as 'name = value' lines, in input-variable order. */
export function formatInputs(input: string, variables: readonly InputVariable[]): string {
  if (!input) return '';
  try {
    const map = decodeInputMap(input);
    const names = variables.length ? variables.map((v) => v.name) : Object.keys(map);
    return names.map((n) => `${n} = ${rawValue(map[n])}`).join('\n');
  } catch {
    return input;
  }
}

export function verdictLabel(verdict: string | undefined): string {
  return verdict ? verdict.replace(/_/g, ' ') : '';
}

/** Long debug output is cut so a print in a loop cannot flood the page. */
export function truncateStderr(stderr: string): string {
  return stderr.length > STDERR_DISPLAY_LIMIT
    ? `${stderr.slice(0, STDERR_DISPLAY_LIMIT)}\n${PracticeMessages.stderrTruncated}`
    : stderr;
}

/** Hidden tests reach non-admins with no input or outputs: only pass/fail, time and verdict. */
function isMasked(r: ShownResult): boolean {
  return !r.isExample && !r.input && !r.expectedOutput && !r.actualOutput;
}

/** How a test ended, in three states: a submit stops at its first failure and never runs the rest. */
type TestState = 'pass' | 'fail' | 'not-judged';

function stateOf(r: ShownResult): TestState {
  if (isNotJudged(r)) return 'not-judged';
  return r.passed ? 'pass' : 'fail';
}

/** The test's status in words: Passed, its verdict, or Not judged. */
function statusLabel(r: ShownResult): string {
  const state = stateOf(r);
  if (state === 'not-judged') return ExecutionMessages.notJudged;
  return state === 'pass' ? 'Passed' : verdictLabel(r.verdict) || 'Failed';
}

const CHIP_MARK: Record<TestState, IconName> = {
  pass: 'accepted',
  fail: 'wrong_answer',
  'not-judged': 'notJudged',
};
const CHIP_SR: Record<TestState, string> = {
  pass: ' passed',
  fail: ' failed',
  'not-judged': ` ${ExecutionMessages.notJudged.toLowerCase()}`,
};

/** " · 7 not judged" beside a submit's passed count, when it stopped before its last test; nothing otherwise. */
export function NotJudgedNote({ results }: { results: readonly ShownResult[] }) {
  const count = results.filter(isNotJudged).length;
  return count > 0 ? (
    <span data-testid="not-judged-count"> · {ExecutionMessages.notJudgedCount(count)}</span>
  ) : null;
}

export function CompileErrorBox({ compileError }: { compileError: string }) {
  return (
    <div className="result-box fail" data-testid="compile-error">
      <strong>Compilation error</strong>
      <pre className="compile-output">{compileError}</pre>
    </div>
  );
}

function TestResultDetail({
  result,
  index,
  variables,
}: {
  result: ShownResult;
  index: number;
  variables: readonly InputVariable[];
}) {
  const state = stateOf(result);
  const masked = isMasked(result);
  return (
    <div className={`test-case ${state}`} data-testid="test-result" aria-live="polite">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <strong>
          Test Case {index + 1} {result.isExample ? '' : '(Hidden)'}
        </strong>
        <span className="muted" style={{ fontSize: '0.8rem' }} data-testid="test-status">
          {statusLabel(result)}
          {state === 'not-judged' ? '' : ` · ${result.executionTime} ms`}
        </span>
      </div>
      {state === 'not-judged' ? (
        <p className="muted" style={{ fontSize: '0.85rem', margin: 0 }} data-testid="not-judged">
          {result.error || ExecutionMessages.notJudgedError}
        </p>
      ) : masked ? (
        <p className="muted" style={{ fontSize: '0.85rem', margin: 0 }}>
          {PracticeMessages.hiddenTest}
        </p>
      ) : (
        <>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            Input:
          </div>
          <pre>{formatInputs(result.input, variables)}</pre>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            Expected Output:
          </div>
          <pre>{result.expectedOutput}</pre>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            Your Output:
          </div>
          <pre>{result.actualOutput}</pre>
          {!!result.stderr && (
            <>
              <div className="muted" style={{ fontSize: '0.8rem' }}>
                Standard Error:
              </div>
              <pre data-testid="stderr">{truncateStderr(result.stderr)}</pre>
            </>
          )}
        </>
      )}
      {/* A runtime error is printed once: as `java Main` printed it on standard error, when that holds it. */}
      {state !== 'not-judged' &&
        result.error &&
        !truncateStderr(result.stderr ?? '').includes(result.error) && (
          <pre style={{ color: 'var(--destructive)' }} data-testid="test-error">
            {result.error}
          </pre>
        )}
      {/* A package validator's judgemessage.txt: the API sends it to admins only. */}
      {!!result.feedback && (
        <>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            {PackageUiMessages.validatorFeedback()}:
          </div>
          <pre data-testid="validator-feedback">{result.feedback}</pre>
        </>
      )}
    </div>
  );
}

/**
 * One chip per test (LeetCode style) with the chosen test's details below; the first failing test is
 * chosen at first. A compile error is shown once, alone (no test ran). Tests a submit did not judge (after
 * its first failure) are neither passed nor failed: a grey chip, "Not judged".
 */
export function TestResultsList({
  results,
  compileError,
  variables = [],
}: {
  results: readonly ShownResult[];
  compileError?: string;
  variables?: readonly InputVariable[];
}) {
  const firstFailing = results.findIndex((r) => stateOf(r) === 'fail');
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen !== null && chosen < results.length ? chosen : Math.max(firstFailing, 0);
  return (
    <div>
      {compileError && <CompileErrorBox compileError={compileError} />}
      {/* A compilation error is the whole story: no test ran, so no chip per test. */}
      {!compileError && results.length > 0 && (
        <>
          <div className="chip-row" role="group" aria-label="Test results">
            {results.map((r, i) => {
              const state = stateOf(r);
              return (
                <button
                  key={r.testCaseId ?? i}
                  type="button"
                  className={`chip ${state}`}
                  aria-pressed={i === selected}
                  title={statusLabel(r)}
                  data-testid="test-chip"
                  onClick={() => setChosen(i)}
                >
                  <Icon name={CHIP_MARK[state]} size={14} /> Test {i + 1}
                  <span className="sr-only">{CHIP_SR[state]}</span>
                </button>
              );
            })}
          </div>
          <TestResultDetail result={results[selected]} index={selected} variables={variables} />
        </>
      )}
    </div>
  );
}
