import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { javaType } from '@javelin/java-io';
import {
  counterexamplePrompt,
  type ClassicContext,
  type OfflineReport,
  type ProblemContext,
  type TestOutcome,
} from '@javelin/code-analysis';

export type AiKind = 'analyze' | 'debug';

const MAX_STATEMENT_CHARS = 6_000;
const MAX_ERROR_CHARS = 4_000;
const MAX_OUTPUT_CHARS = 2_000;
const MAX_FINDINGS_CHARS = 6_000;
const MAX_TESTS_LISTED = 30;

const SYSTEM = {
  analyze:
    'You are a senior Java competitive-programming coach reviewing a solution that passes its tests. ' +
    'Answer in Markdown with these sections: "## Complexity" (time and extra space in big-O, and whether they fit the constraints), ' +
    '"## Issues" (bugs, edge cases, overflow, performance risks), "## Readability" and "## Suggestions" (concrete, numbered). ' +
    'Cite line numbers. Use the static findings given to you, correcting them where they are wrong; a measured complexity was timed in a sandbox and outweighs the static estimate. Be concise.',
  debug:
    'You are a senior Java competitive-programming coach helping a student whose solution fails. ' +
    'Answer in Markdown with these sections: "## Diagnosis" (the most likely cause, with the line number), "## Likely fix" ' +
    '(the smallest change that fixes it, with a short snippet) and "## Suggestions". Do not rewrite the whole solution. ' +
    'Use the static findings given to you, correcting them where they are wrong; a verified counterexample was run in a sandbox and is certain. Hidden tests are secret: only their verdicts are known. Be concise.',
};

/**
 * The conversation sent to the model. Built only from the statement, the user's code, the example
 * tests and verdicts, and what the sandbox measured or found on generated inputs: hidden tests
 * contribute nothing but pass/fail and a verdict label, and the reference solution nothing but its
 * output on a counterexample.
 */
export function buildMessages(
  kind: AiKind,
  problem: ProblemContext,
  code: string,
  offline: OfflineReport,
  debug?: { errorMessage: string; results: TestOutcome[] },
): ChatCompletionMessageParam[] {
  const parts: string[] = [];
  parts.push(`# Problem: ${problem.title}`, '', clip(problem.description, MAX_STATEMENT_CHARS), '');
  if (problem.constraints.trim())
    parts.push('## Constraints', '', clip(problem.constraints, MAX_STATEMENT_CHARS), '');
  if (problem.classic) {
    parts.push(...classicProgram(problem.classic));
  } else {
    parts.push('## Function to implement', '', '```java', signature(problem), '```', '');
    parts.push(
      'Input arrives on standard input, one value per line in parameter order; an array is its length on one line and its elements space-separated on the next; strings are whole lines. The program prints the result.',
      '',
    );
  }
  if (problem.examples.length) {
    parts.push('## Example tests', '');
    problem.examples.forEach((e, i) =>
      parts.push(
        ...(problem.classic
          ? // Raw text, line breaks and all: shown as it is, in fences.
            [
              `Example ${i + 1} input:`,
              '```',
              clip(e.input, MAX_OUTPUT_CHARS),
              '```',
              `Example ${i + 1} expected output:`,
              '```',
              clip(e.expectedOutput, MAX_OUTPUT_CHARS),
              '```',
            ]
          : [
              `Example ${i + 1} input: ${e.input}`,
              `Example ${i + 1} expected output: ${clip(e.expectedOutput, MAX_OUTPUT_CHARS)}`,
            ]),
        '',
      ),
    );
  }
  parts.push("## The student's code", '', '```java', numbered(code), '```', '');
  if (debug) {
    if (debug.errorMessage.trim())
      parts.push('## Error message', '', '```', clip(debug.errorMessage, MAX_ERROR_CHARS), '```', '');
    if (debug.results.length) {
      parts.push('## Test verdicts', '');
      debug.results.slice(0, MAX_TESTS_LISTED).forEach((r, i) => {
        const label = r.isExample ? 'example' : 'hidden';
        parts.push(
          `- Test ${i + 1} (${label}): ${r.passed ? 'passed' : `failed${r.error ? ` — ${clip(r.error, 300)}` : ''}`}`,
        );
        if (!r.passed && r.example) {
          parts.push(
            `  - expected: ${JSON.stringify(clip(r.example.expectedOutput, MAX_OUTPUT_CHARS))}`,
            `  - actual: ${JSON.stringify(clip(r.example.actualOutput, MAX_OUTPUT_CHARS))}`,
          );
        }
      });
      if (debug.results.length > MAX_TESTS_LISTED)
        parts.push(`- … and ${debug.results.length - MAX_TESTS_LISTED} more`);
      parts.push('');
    }
  }
  if (offline.measured) {
    const points = offline.measured.chart?.points ?? [];
    parts.push(
      '## Measured complexity (run in the sandbox on generated inputs)',
      '',
      offline.measured.detail,
      ...(points.length ? ['', `Times (n: ms): ${points.map((p) => `${p.n}: ${p.ms}`).join(', ')}`] : []),
      '',
    );
  }
  parts.push(...counterexamplePrompt(offline.counterexample));
  parts.push(
    '## Static findings (built-in analyzer, javac -Xlint:all)',
    '',
    clip(offline.markdown, MAX_FINDINGS_CHARS),
  );
  return [
    { role: 'system', content: SYSTEM[kind] },
    { role: 'user', content: parts.join('\n') },
  ];
}

/**
 * A classic (stdio) problem in place of the signature (issue 29): a whole program on stdin and stdout,
 * its limits and how its output is judged; and that what needs a signature does not apply.
 */
function classicProgram(classic: ClassicContext): string[] {
  const limits = [
    `time ${formatSeconds(classic.timeLimitMs)} per test`,
    ...(classic.memoryLimitMb ? [`memory ${classic.memoryLimitMb} MB`] : []),
  ].join(', ');
  return [
    '## Program to write (a classic stdin/stdout problem)',
    '',
    'There is no function to implement and no generated code: the student writes a whole Java program (any class with `public static void main(String[] args)`, a package declaration allowed) that reads the input from standard input exactly as the statement describes it and writes the answer to standard output.',
    `Limits: ${limits}.`,
    outputJudging(classic),
    ...interactionNote(classic),
    'Features built on a function signature (typed input variables) do not apply: no inputs were generated, so nothing was measured on generated inputs and no counterexample was searched for.',
    '',
  ];
}

/** What changes, and what of the help does not apply, on an interactive or multi-pass problem (issue 42). */
function interactionNote(classic: ClassicContext): string[] {
  if (classic.interaction === 'interactive')
    return [
      "This problem is interactive: the program talks with the judge's program (the interactor) through standard input and output, and must flush after each line before it reads an answer. The example tests' input and expected output are the interactor's own data, not what the program reads; custom input and the run of the examples without the interactor do not apply, and a missing flush or reading past what the interactor sent are the usual faults.",
    ];
  if (classic.interaction === 'multi-pass')
    return [
      "This problem is multi-pass: the program runs several times on each test, each run on the input the judge's program wrote after the run before; each run has the full limits.",
    ];
  return [];
}

function outputJudging(classic: ClassicContext): string {
  if (classic.customValidator)
    return "The output is checked by the problem's own output validator: any answer the statement allows is accepted.";
  const flags = classic.validatorFlags.join(' ');
  return `The output is compared token by token${flags ? ` with the validator flags \`${flags}\`` : ' (case and spacing ignored)'}.`;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function signature(problem: ProblemContext): string {
  const params = problem.inputVariables.map((v) => `${safeType(v.type)} ${v.name}`).join(', ');
  return `public static ${safeType(problem.returnType)} ${problem.functionName}(${params})`;
}

function safeType(type: string): string {
  try {
    return javaType(type as Parameters<typeof javaType>[0]);
  } catch {
    return type;
  }
}

function numbered(code: string): string {
  const lines = code.split('\n');
  const width = String(lines.length).length;
  return lines.map((l, i) => `${String(i + 1).padStart(width)} | ${l}`).join('\n');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… (cut)` : text;
}
