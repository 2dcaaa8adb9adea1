import { analyzeJavaSource } from '@javelin/java-io';
import { ComplexityEstimate, estimateComplexity, RecursionKind } from './complexity/estimate';
import { explainCompileErrors } from './compile-errors';
import {
  ConstraintBounds,
  fitAgainstLimit,
  FitReport,
  overrule,
  parseConstraints,
} from './constraints/bounds';
import { compareCost, degree, formatCost, logFactors, O_N } from './cost';
import { codeSpan, fenced, Finding } from './findings';
import { JavaCode } from './java-code';
import { AiMessages, isProblemInputType } from '@javelin/contracts';
import type { Variable } from './constraints/reader';
import { counterexampleSection, CounterexampleOutcome } from './counterexample';
import type { MeasuredReport } from './measured';
import type { Cost } from './cost';
import { JavacDiagnostic, JavacResult } from './javac';
import { performanceNotes, readabilityNotes, ReadabilityNote } from './readability';
import { explainException, findException } from './runtime-errors';
import { diffOutputs, explainWrongOutput, inputReadingNotes, staticOverflowRisk } from './wrong-answer';

/** What the analyzer may know about a problem: statement, constraints and example tests only. */
export interface ProblemContext {
  title: string;
  description: string;
  constraints: string;
  functionName: string;
  returnType: string;
  inputVariables: { name: string; type: string }[];
  boilerplateCode: string;
  examples: { input: string; expectedOutput: string }[];
  /**
   * A classic (stdio) problem (issue 29): a whole program reading stdin, no signature (functionName,
   * returnType and inputVariables are empty), judged with its own limits and output validation.
   */
  classic?: ClassicContext;
  /**
   * The judge accepted this very code on this problem (the user's own submission, within the time
   * limit): the analysis never calls it too slow (issue 44).
   */
  accepted?: boolean;
}

/** What a classic problem adds to the context: its limits and how its output is judged. */
export interface ClassicContext {
  timeLimitMs: number;
  memoryLimitMb?: number;
  /** The default output validator's flags (`float_tolerance 1e-6`, `case_sensitive`, …). */
  validatorFlags: string[];
  /** Judged by the package's own output validator (any correct answer may be accepted). */
  customValidator: boolean;
  /** Issue 42: the program talks with the validator (interactive) or runs again on its next input (multi-pass). */
  interaction?: 'none' | 'interactive' | 'multi-pass';
}

/** A test result the analyzer may use: data only for example tests, only the verdict for hidden ones. */
export interface TestOutcome {
  passed: boolean;
  isExample: boolean;
  error: string;
  example?: { input: string; expectedOutput: string; actualOutput: string };
}

export interface OfflineOptions {
  /** javac -Xlint:all's diagnostics of the code: from the judge's sandbox (the API runs no compiler). */
  compile: (code: string) => Promise<JavacResult>;
  cpuSeconds: number;
  stackMb: number;
}

/** Findings from running the code in the judge's sandbox, when the caller asks for them. */
export interface SandboxFindings {
  /** Analyze Code: the measured complexity (given the static estimate, which names n log n). */
  measure?: (staticTime: Cost) => Promise<MeasuredReport | undefined>;
  /** Debug Help: a counterexample against the reference solution. */
  counterexample?: () => Promise<CounterexampleOutcome | undefined>;
}

export interface OfflineReport {
  markdown: string;
  complexity: ComplexityEstimate;
  fit?: FitReport;
  /** The main finding of a debug request (compile error, exception, wrong output, time limit). */
  primary?: Finding;
  findings: Finding[];
  warnings: JavacDiagnostic[];
  compiled: boolean | null;
  measured?: MeasuredReport;
  counterexample?: CounterexampleOutcome;
}

/** How the complexity section names each kind of recursion (the kind's own word comes first). */
const RECURSION_TEXT: Record<RecursionKind, string> = {
  linear: 'linear recursion: one call per call, one step smaller',
  halving: 'halving recursion: one call on half the range',
  'divide-and-conquer': 'divide-and-conquer recursion: two calls on halves, then a merge',
  branching: 'branching recursion without memoisation: the calls multiply at each level',
  backtracking: 'backtracking recursion: it tries every arrangement and undoes each choice',
  memoised: 'memoised recursion: each state is computed once',
  graph: 'graph recursion: each node is visited once thanks to the visited marks',
};

/** Recursion this deep risks the stack in Java. */
const DEEP_RECURSION = 10_000;

const LINT_ADVICE: Record<string, string> = {
  rawtypes: 'give the collection its element type, e.g. `List<Integer>`',
  unchecked: 'use generic types so the compiler can check them',
  cast: 'the cast does nothing: remove it',
  fallthrough: 'a `case` runs into the next one: add `break`',
  divzero: 'this divides by the constant zero',
  empty: 'an `if (...);` with an empty body: remove the stray semicolon',
  static: 'call static members through the class name',
  finally: 'a `finally` block that cannot complete normally hides exceptions',
  deprecation: 'this API is deprecated: use its replacement',
  'dep-ann': 'mark deprecated members with @Deprecated',
  overrides: 'override hashCode together with equals',
  serial: 'add a serialVersionUID or ignore: it does not matter for a contest solution',
};

/**
 * The built-in analyzer: useful answers with no network and no key. It reads the code's structure,
 * compiles it with the real javac (never runs it) and reasons over the statement's constraints and
 * the example tests.
 */
export class OfflineAnalyzer {
  constructor(private readonly options: OfflineOptions) {}

  async analyze(
    problem: ProblemContext,
    source: string,
    sandbox: SandboxFindings = {},
  ): Promise<OfflineReport> {
    const code = new JavaCode(source);
    const facts = this.facts(problem, code);
    const { complexity, bounds } = facts;
    const [javac, measured] = await Promise.all([
      this.compile(source),
      sandbox.measure && complexity.estimated ? sandbox.measure(complexity.time) : undefined,
    ]);
    const fit = settled(facts.fit, problem, bounds, measured);
    const readability = readabilityNotes(code, problem.functionName);
    const performance = performanceNotes(code, bounds.maxSize);
    const overflow = staticOverflowRisk(code, bounds);
    const inputNotes = inputReadingNotes(code, problem.inputVariables);
    const errors = javac.diagnostics.filter((d) => d.kind === 'error');
    const warnings = javac.diagnostics.filter((d) => d.kind === 'warning');

    const out: string[] = [];
    out.push('## Summary', '');
    out.push(
      `${errors.length ? `**The code does not compile** (${errors.length} error${errors.length > 1 ? 's' : ''}, see below). ` : ''}` +
        (!complexity.estimated
          ? 'The code is too large or too deeply nested for the built-in complexity estimate.'
          : `Estimated time ${bold(complexity.timeText)} and extra space ${bold(complexity.spaceText)}${complexity.method ? ` for ${codeSpan(`${complexity.method}()`)}` : ''}` +
            `${fit ? (fit.fit === 'fits' ? ', which fits the constraints.' : fit.fit === 'borderline' ? ', which is borderline for the constraints.' : fit.fit === 'overruled' ? `. ${fit.text}` : ', which is **too slow** for the constraints.') : '.'}`),
      '',
    );
    if (measured) out.push(measured.summary, '');
    out.push(...this.complexitySection(complexity, bounds, fit, measured));
    out.push('## Compiler warnings', '');
    if (!javac.ran) out.push(AiMessages.compilerUnavailable, '');
    else if (errors.length) {
      for (const f of explainCompileErrors(errors, code)) out.push(`- ${findingLine(f, code)}`);
      out.push('');
    } else if (warnings.length === 0) out.push('`javac -Xlint:all` reports no warnings.', '');
    else {
      for (const w of warnings.slice(0, 8))
        out.push(
          `- Line ${w.line}: ${w.category ? `[${w.category}] ` : ''}${w.message}${w.category && LINT_ADVICE[w.category] ? ` — ${LINT_ADVICE[w.category]}.` : ''}`,
        );
      out.push('');
    }
    out.push('## Issues', '');
    const issues = [
      ...(overflow
        ? [`**${overflow.title}** (line ${overflow.line}): ${overflow.explanation} ${overflow.fix}`]
        : []),
      ...inputNotes.map((n) => `**Input reading**${n.line ? ` (line ${n.line})` : ''}: ${n.text}`),
      ...performance.map(noteLine),
    ];
    out.push(
      ...(issues.length
        ? issues.map((i) => `- ${i}`)
        : ['No correctness or performance risks found beyond the complexity above.']),
      '',
    );
    out.push('## Readability', '');
    out.push(
      ...(readability.length
        ? readability.map((n) => `- ${noteLine(n)}`)
        : ['Names, structure and constants read well.']),
      '',
    );
    out.push('## Suggestions', '');
    const suggestions = this.suggestions(
      complexity,
      fit,
      overflow,
      performance,
      warnings,
      readability,
      bounds.maxSize,
      measured,
    );
    out.push(...suggestions.map((s, i) => `${i + 1}. ${s}`), '');
    return {
      markdown: out.join('\n').trim(),
      complexity,
      fit,
      findings: overflow ? [overflow] : [],
      warnings,
      compiled: javac.ran ? errors.length === 0 : null,
      measured,
    };
  }

  async debug(
    problem: ProblemContext,
    source: string,
    errorMessage: string,
    results: TestOutcome[],
    sandbox: SandboxFindings = {},
  ): Promise<OfflineReport> {
    const code = new JavaCode(source);
    const [javac, counterexample] = await Promise.all([this.compile(source), sandbox.counterexample?.()]);
    const facts = this.facts(problem, code);
    const { complexity, bounds } = facts;
    const fit = settled(facts.fit, problem, bounds);
    const errors = javac.diagnostics.filter((d) => d.kind === 'error');
    const failing = results.filter((r) => !r.passed);
    const texts = [errorMessage, ...failing.map((r) => r.error)].filter((t) => t && t.trim());
    const findings: Finding[] = [];
    let comparison: { example: NonNullable<TestOutcome['example']>; index: number } | undefined;

    if (errors.length) {
      findings.push(...explainCompileErrors(errors, code));
    } else {
      const info = analyzeJavaSource(source);
      const userFiles = [...info.topLevelTypes, 'Main'].map((t) => `${t}.java`);
      const thrown = findException(texts, code, userFiles);
      const firstExample = failing.findIndex((r) => r.example);
      if (firstExample >= 0)
        comparison = {
          example: failing[firstExample].example!,
          index: results.indexOf(failing[firstExample]),
        };
      if (thrown) {
        findings.push(explainException(thrown, { code, complexity, bounds, stackMb: this.options.stackMb }));
      } else if (texts.some((t) => /time limit/i.test(t))) {
        findings.push(this.timeLimitFinding(code, complexity, bounds, fit));
      } else if (texts.some((t) => /memory limit|OutOfMemory/i.test(t))) {
        findings.push({
          cause: 'memory-limit',
          title: 'Memory limit exceeded',
          line: code.lineOf(Math.max(0, code.blanked.search(/\bnew\s+\w+\s*\[/))),
          explanation: `The program uses more memory than allowed. Its extra space is estimated at ${complexity.spaceText}${complexity.spaceReasons.length ? ` (${complexity.spaceReasons.join('; ')})` : ''}.`,
          fix: 'Keep only what the next step needs (a rolling DP row instead of a full table), avoid copying the input, and prefer primitive arrays to boxed collections.',
        });
      } else if (texts.some((t) => /runtime error/i.test(t))) {
        findings.push(this.unexplainedCrash(code, complexity, bounds));
      } else if (comparison) {
        const wrong = explainWrongOutput(
          { expected: comparison.example.expectedOutput, actual: comparison.example.actualOutput },
          code,
        );
        if (wrong) findings.push(wrong);
      }
      if (findings.length === 0 && failing.length > 0) {
        const reading = inputReadingNotes(code, problem.inputVariables);
        const overflow = staticOverflowRisk(code, bounds);
        if (reading.length) {
          findings.push({
            cause: 'input-format',
            // A classic program has no boilerplate reader to keep: its input is the statement's.
            title: problem.classic
              ? 'The input may be read wrongly'
              : 'The input is read differently from the boilerplate',
            line: reading[0].line,
            explanation: reading.map((r) => r.text).join(' '),
            fix: problem.classic
              ? "Read the input exactly as the statement's Input section describes it, token by token or line by line."
              : "Keep the boilerplate's main and readers, and write your logic in the function.",
          });
        } else if (overflow) {
          findings.push(overflow);
        } else {
          findings.push(this.genericWrongAnswer(comparison?.example, code));
        }
      }
    }
    const primary = findings[0];
    const markdown = this.debugMarkdown(
      code,
      problem,
      primary,
      findings,
      comparison,
      complexity,
      bounds,
      fit,
      results,
      javac,
      errors.length ? undefined : counterexample,
    );
    return {
      markdown,
      complexity,
      fit,
      primary,
      findings,
      warnings: javac.diagnostics.filter((d) => d.kind === 'warning'),
      compiled: javac.ran ? errors.length === 0 : null,
      counterexample: errors.length ? undefined : counterexample,
    };
  }

  private facts(
    problem: ProblemContext,
    code: JavaCode,
  ): { complexity: ComplexityEstimate; bounds: ConstraintBounds; fit?: FitReport } {
    const intInputs = problem.inputVariables
      .filter((v) => v.type === 'int' || v.type === 'long')
      .map((v) => v.name);
    const complexity = estimateComplexity(code, problem.functionName, intInputs);
    // Sizes from the typed signature (issue 44): a scalar's value bound is never the input size.
    const bounds = parseConstraints(
      problem.constraints ?? '',
      intInputs,
      problem.inputVariables.filter((v): v is Variable => isProblemInputType(v.type)),
    );
    // A classic problem has its own time limit; a function problem the deployment's.
    const seconds = problem.classic ? problem.classic.timeLimitMs / 1000 : this.options.cpuSeconds;
    const fit = complexity.estimated ? fitAgainstLimit(complexity.time, bounds, seconds) : undefined;
    return { complexity, bounds, fit };
  }

  private async compile(source: string): Promise<JavacResult> {
    return this.options.compile(source);
  }

  private complexitySection(
    c: ComplexityEstimate,
    bounds: ConstraintBounds,
    fit?: FitReport,
    measured?: MeasuredReport,
  ): string[] {
    const out = ['## Complexity', ''];
    out.push(
      `- **Time:** ${c.timeText}${c.timeReasons.length ? ` — ${c.timeReasons.slice(0, 4).join('; ')}.` : ' — no loop or call depends on the input size.'}`,
    );
    out.push(
      `- **Extra space:** ${c.spaceText}${c.spaceReasons.length ? ` — ${c.spaceReasons.slice(0, 3).join('; ')}.` : ' — only a fixed number of variables.'}`,
    );
    for (const r of c.recursion.slice(0, 3)) {
      out.push(
        `- **Recursion:** ${codeSpan(`${r.method}()`)} is ${RECURSION_TEXT[r.kind]} (line ${r.line}).`,
      );
    }
    if (fit)
      out.push(
        `- **Against the constraints**${bounds.sizeClause ? ` (${codeSpan(bounds.sizeClause)})` : bounds.maxSize ? ` (${codeSpan(`n ≤ ${bounds.maxSize}`)})` : ''}: ${fit.text}`,
      );
    else
      out.push(
        '- The constraints do not state an input size, so the estimate could not be priced against the time limit.',
      );
    if (measured) out.push(`- ${measured.detail}`);
    out.push(
      '',
      "_n is the size of the input (an array's or string's length); a loop up to an int input runs as many times as its value, and is named after it._",
      '',
    );
    return out;
  }

  private timeLimitFinding(
    code: JavaCode,
    c: ComplexityEstimate,
    bounds: ConstraintBounds,
    fit?: FitReport,
  ): Finding {
    const line = hotLine(code, c);
    const reasons = c.timeReasons.slice(0, 3).join('; ');
    if (fit && (fit.fit === 'too-slow' || fit.fit === 'borderline')) {
      return {
        cause: 'time-limit',
        title: `Time limit exceeded: ${c.timeText} is too slow at ${fit.at}`,
        line,
        explanation: `The solution is ${c.timeText}${reasons ? ` (${reasons})` : ''}. ${fit.text}`,
        fix: speedUpAdvice(c),
      };
    }
    return {
      cause: 'time-limit',
      title: 'Time limit exceeded',
      line: line ?? whileTrueLine(code),
      explanation: `The estimated complexity ${c.timeText}${fit ? ' fits the constraints' : ''}, so the time probably goes elsewhere: a loop that never ends for some input (a while loop whose variable does not change, a missing break), or slow input reading with Scanner on large inputs.`,
      fix: 'Check every while loop moves toward its end condition; read input with BufferedReader; build output with a StringBuilder.',
    };
  }

  /** A crash whose exception is not known (a hidden test reports only "Runtime error"). */
  private unexplainedCrash(code: JavaCode, c: ComplexityEstimate, bounds: ConstraintBounds): Finding {
    const deep = c.recursion.find((r) => degree(r.depth) > 0);
    if (deep && (bounds.maxSize ?? 0) >= DEEP_RECURSION) {
      const overflow = explainException(
        { name: 'StackOverflowError', message: '' },
        { code, complexity: c, bounds, stackMb: this.options.stackMb },
      );
      return { ...overflow, title: 'Runtime error — most likely a StackOverflowError from deep recursion' };
    }
    return {
      cause: 'runtime-error',
      title: 'Runtime error',
      explanation:
        'The program crashed on a test whose data is not shown. The usual causes: an index one past the end (or -1) at the smallest or largest input, a division by zero when a count is 0, `Map.get` returning null for a missing key, or recursion too deep for the stack.',
      fix: 'Run your code on the smallest inputs (one element, 0, an empty string) and on the largest the constraints allow.',
    };
  }

  private genericWrongAnswer(example: TestOutcome['example'] | undefined, code: JavaCode): Finding {
    const numeric =
      example && /^-?\d+$/.test(example.expectedOutput.trim()) && /^-?\d+$/.test(example.actualOutput.trim());
    const offByOne =
      numeric && Math.abs(Number(example.expectedOutput.trim()) - Number(example.actualOutput.trim())) === 1;
    return {
      cause: 'wrong-answer',
      title: example ? 'Wrong answer on an example test' : 'Wrong answer on a hidden test',
      line: offByOne ? code.loops[0] && code.lineOf(code.loops[0].start) : undefined,
      explanation: offByOne
        ? 'Your answer is off by exactly one: check loop bounds (`<` vs `<=`), the starting value of counters, and whether both ends of a range are included.'
        : example
          ? 'The logic gives a different answer on this example: trace it by hand on this input, or print intermediate values locally (and remove the prints before submitting).'
          : 'A hidden test fails while the examples pass: think of edge cases — the smallest input (empty, one element, 0), the largest values (overflow), negative numbers, duplicates, and already sorted or reversed input.',
      fix: offByOne
        ? 'Fix the bound or initial value that loses or adds one element.'
        : 'Test the edge cases listed above against your code.',
    };
  }

  private debugMarkdown(
    code: JavaCode,
    problem: ProblemContext,
    primary: Finding | undefined,
    findings: Finding[],
    comparison: { example: NonNullable<TestOutcome['example']>; index: number } | undefined,
    c: ComplexityEstimate,
    bounds: ConstraintBounds,
    fit: FitReport | undefined,
    results: TestOutcome[],
    javac: JavacResult,
    counterexample?: CounterexampleOutcome,
  ): string {
    const out: string[] = ['## Diagnosis', ''];
    if (!primary) {
      out.push(
        results.length && results.every((r) => r.passed)
          ? 'All the tests you sent pass, and the code compiles: there is no failure to explain.'
          : 'No error message or failing test was given, and the code compiles: there is no failure to explain.',
        '',
      );
    } else {
      out.push(`**${primary.title}**`, '', primary.explanation, '');
      if (primary.line) {
        out.push(
          `Look at line ${primary.line}${primary.failedAt ? ` (the program failed at line ${primary.failedAt})` : ''}:`,
          '',
          fenced(snippet(code, primary.line), 'java'),
          '',
        );
      }
      const shown = counterexample?.kind === 'searched' && counterexample.result.status === 'found';
      out.push(
        '## Likely fix',
        '',
        shown && primary.cause === 'wrong-answer'
          ? 'Trace your code by hand on the counterexample below, the smallest failing input found: the line where its values go wrong is the one to fix.'
          : primary.fix,
        '',
      );
    }
    if (!javac.ran) out.push(`_${AiMessages.compilerUnavailable}_`, '');
    if (primary) out.push(...counterexampleSection(counterexample));
    if (findings.length > 1) {
      out.push(primary?.cause === 'compile-error' ? '## More compile errors' : '## Also check', '');
      for (const f of findings.slice(1)) out.push(`- ${findingLine(f, code)}`);
      out.push('');
    }
    if (comparison && primary?.cause !== 'compile-error') {
      out.push('## Failing example', '');
      const input = formatInput(comparison.example.input, problem);
      if (input) out.push('Input:', '', fenced(input), '');
      out.push(
        'Expected vs your output (`-` expected, `+` yours):',
        '',
        fenced(
          diffOutputs({
            expected: comparison.example.expectedOutput,
            actual: comparison.example.actualOutput,
          }),
          'diff',
        ),
        '',
      );
    }
    if (primary && primary.cause !== 'compile-error') {
      const extra: string[] = [];
      const overflow = staticOverflowRisk(code, bounds);
      if (overflow && primary.cause !== 'int-overflow')
        extra.push(`${overflow.title} at line ${overflow.line}: ${overflow.fix}`);
      for (const n of inputReadingNotes(code, problem.inputVariables))
        if (primary.cause !== 'input-format')
          extra.push(`Input reading${n.line ? ` (line ${n.line})` : ''}: ${n.text}`);
      if (extra.length) out.push('## Other pitfalls', '', ...extra.map((e) => `- ${e}`), '');
    }
    out.push(
      '## Complexity',
      '',
      `Estimated time ${bold(c.timeText)}, extra space ${bold(c.spaceText)}.${fit ? ` ${fit.text}` : ''}`,
      '',
    );
    const hidden = results.filter((r) => !r.isExample && !r.passed).length;
    if (hidden)
      out.push(
        `_${hidden} hidden test${hidden > 1 ? 's' : ''} failed; ${hidden > 1 ? 'their' : 'its'} data is not shown, only the verdict._`,
        '',
      );
    return out.join('\n').trim();
  }

  private suggestions(
    c: ComplexityEstimate,
    fit: FitReport | undefined,
    overflow: Finding | undefined,
    performance: ReadabilityNote[],
    warnings: JavacDiagnostic[],
    readability: ReadabilityNote[],
    maxSize: number | undefined,
    measured?: MeasuredReport,
  ): string[] {
    const out: string[] = [];
    if ((fit && (fit.fit === 'too-slow' || fit.fit === 'borderline')) || measured?.tooSlow)
      out.push(speedUpAdvice(c));
    else if (c.time.exp > 0)
      out.push(
        "The exponential recursion only works for tiny inputs: memoise it (store each state's answer) or write it as a bottom-up DP.",
      );
    if (
      c.recursion.some((r) => degree(r.depth) > 0 && r.kind !== 'memoised') &&
      (maxSize ?? 0) >= DEEP_RECURSION &&
      compareCost(c.time, O_N) >= 0
    ) {
      out.push(
        'Recursion as deep as n can overflow the stack for large n: an iterative loop is safer for n ≥ 10^4.',
      );
    }
    if (overflow) out.push(overflow.fix);
    for (const p of performance) out.push(p.text);
    if (warnings.some((w) => w.category === 'rawtypes' || w.category === 'unchecked'))
      out.push(
        'Use generic collection types (`List<Integer>`, `Map<String, Integer>`) so the compiler checks what goes in.',
      );
    if (readability.some((r) => r.kind === 'dead-code'))
      out.push(
        'Delete unused methods, variables and commented-out code: what is left is easier to reason about.',
      );
    if (readability.some((r) => r.kind === 'magic-number'))
      out.push('Name the constants (`static final`) so each number explains itself.');
    if (out.length === 0)
      out.push(
        `The solution is ${formatCost(c.time)} and clean: compare it with other accepted approaches, and test it on the largest and smallest inputs.`,
      );
    return [...new Set(out)];
  }
}

/**
 * The price read from the text, unless stronger evidence outweighs it (issue 44): code the judge
 * accepted is never too slow, and a measurement that names its growth within the limit wins.
 */
function settled(
  fit: FitReport | undefined,
  problem: ProblemContext,
  bounds: ConstraintBounds,
  measured?: MeasuredReport,
): FitReport | undefined {
  if (!fit) return fit;
  if (problem.accepted) return overrule(fit, 'accepted', bounds.sizeClause);
  if (measured?.conclusive && !measured.tooSlow) return overrule(fit, 'measured', bounds.sizeClause);
  // The other way round the measurement wins too: priced within the budget, measured past it.
  if (measured?.conclusive && measured.tooSlow && fit.fit !== 'too-slow') {
    const doubt = bounds.sizeClause
      ? `the reading of ${codeSpan(bounds.sizeClause)}`
      : "the constraints' reading";
    return {
      ...fit,
      fit: 'too-slow',
      text: `Priced at ${fit.at} the estimate would fit, but the measurement in the sandbox (below) runs it past the time limit, and the measurement wins: ${doubt} or the estimate is in doubt.`,
    };
  }
  return fit;
}

function speedUpAdvice(c: ComplexityEstimate): string {
  if (c.time.exp > 0)
    return 'Memoise the recursion (an array or HashMap of answers per state) or turn it into a bottom-up DP: that makes it polynomial.';
  if (degree(c.time) >= 2) {
    return 'Drop the inner loop: look values up in a HashMap/HashSet instead of scanning, sort once and use two pointers or binary search, or precompute prefix sums — each turns O(n^2) into O(n) or O(n log n).';
  }
  if (degree(c.time) >= 1 && logFactors(c.time) >= 1)
    return 'O(n log n) is usually fine; if it is still slow, speed up input and output (BufferedReader, StringBuilder).';
  return 'Look for repeated work inside loops (a contains() or indexOf() on a list, string concatenation) and for slow input reading.';
}

function hotLine(code: JavaCode, c: ComplexityEstimate): number | undefined {
  if (c.time.exp > 0)
    return c.recursion.find((r) => r.kind === 'branching' || r.kind === 'backtracking')?.line;
  // The innermost loop of the deepest nest, preferring the solution's methods over main's input reading.
  let best: { line: number; depth: number; inMain: boolean } | undefined;
  for (const l of code.loops) {
    const owner = code.methodAt(l.start)?.name ?? '';
    if (owner === 'readLine' || owner === 'readIntArray') continue;
    const depth = code.enclosingLoops(l.start).length;
    const inMain = owner === 'main' && c.method !== 'main';
    if (!best || depth > best.depth || (depth === best.depth && best.inMain && !inMain))
      best = { line: code.lineOf(l.start), depth, inMain };
  }
  return best?.line;
}

function whileTrueLine(code: JavaCode): number | undefined {
  const i = code.blanked.search(/\bwhile\s*\(\s*true\s*\)/);
  return i < 0 ? undefined : code.lineOf(i);
}

function snippet(code: JavaCode, line: number): string {
  const from = Math.max(1, line - 1);
  const to = Math.min(code.lines.length, line + 1);
  const width = String(to).length;
  const out: string[] = [];
  for (let l = from; l <= to; l++)
    out.push(`${String(l).padStart(width)}${l === line ? ' >' : '  '} ${code.lines[l - 1]}`);
  return out.join('\n');
}

function findingLine(f: Finding, code: JavaCode): string {
  return `${f.line ? `Line ${f.line} (${codeSpan(code.lineText(f.line))}): ` : ''}**${f.title}** — ${f.explanation} ${f.fix}`;
}

function noteLine(n: ReadabilityNote): string {
  return `${n.line ? `Line ${n.line}: ` : ''}${n.text}`;
}

function bold(text: string): string {
  return `**${text}**`;
}

/** Example input (the JSON map of variable name to value) shown one variable per line. */
function formatInput(raw: string, problem: ProblemContext): string {
  try {
    const values = JSON.parse(raw) as Record<string, unknown>;
    return problem.inputVariables.map((v) => `${v.name} = ${String(values[v.name] ?? '')}`).join('\n');
  } catch {
    return raw;
  }
}
