import { describe, expect, it } from 'vitest';
import type { OfflineReport, ProblemContext } from '@javelin/code-analysis';
import { buildMessages } from './prompt';

/** The AI's prompt on a classic problem says what does not apply when it is interactive or multi-pass (issue 42). */
const problem = (interaction: 'none' | 'interactive' | 'multi-pass'): ProblemContext => ({
  title: 'Guess',
  description: 'Find n.',
  constraints: '',
  functionName: '',
  returnType: 'void',
  inputVariables: [],
  boilerplateCode: '',
  examples: [{ input: '6\n', expectedOutput: '\n' }],
  classic: { timeLimitMs: 1000, validatorFlags: [], customValidator: true, interaction },
});

const offline = {
  markdown: '',
  complexity: { time: 'O(log n)', space: 'O(1)', confidence: 'low' },
  findings: [],
  warnings: [],
  compiled: true,
} as unknown as OfflineReport;

const prompt = (interaction: 'none' | 'interactive' | 'multi-pass') =>
  buildMessages('analyze', problem(interaction), 'class Main {}', offline)
    .map((m) => String(m.content))
    .join('\n');

describe('the AI prompt of an interactive or multi-pass problem', () => {
  it('an interactive one: the interactor, flushing, and that custom input does not apply', () => {
    const text = prompt('interactive');
    expect(text).toContain('This problem is interactive');
    expect(text).toContain('flush');
    expect(text).toContain('custom input');
    expect(text).not.toContain('This problem is multi-pass');
  });

  it('a multi-pass one: several runs on the input the judge writes', () => {
    expect(prompt('multi-pass')).toContain('This problem is multi-pass');
  });

  it('a plain classic one says neither', () => {
    const text = prompt('none');
    expect(text).not.toContain('interactive:');
    expect(text).not.toContain('multi-pass');
  });
});
