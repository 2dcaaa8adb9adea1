import { describe, expect, it } from 'vitest';
import type { ClassicProblemFormBody } from '@javelin/contracts';
import { normaliseClassicForm } from './classic-problem-form';
import type { Problem } from './problem.entity';

const form = (overrides: Partial<ClassicProblemFormBody> = {}): ClassicProblemFormBody => ({
  kind: 'stdio',
  title: 'Doubling',
  description: 'Double it, pass after pass.',
  testCases: [{ input: '1\n', expectedOutput: '2\n', isExample: true }],
  ...overrides,
});

const imported = (interaction: Problem['interaction'], validationPasses: number | null) =>
  ({
    interaction,
    validationPasses,
    outputValidator: { language: 'python', files: [{ path: 'validate.py', content: 'import sys\n' }] },
    validatorFlags: [],
    timeLimitMs: 1000,
  }) as unknown as Problem;

describe('the classic form keeps an interactive multi-pass problem whole (issue 42)', () => {
  it('saving an imported interactive multi-pass problem keeps its passes', () => {
    expect(normaliseClassicForm(form(), imported('interactive', 3))).toMatchObject({
      interaction: 'interactive',
      validationPasses: 3,
    });
  });

  it('a multi-pass problem made interactive does not become interactive multi-pass by accident', () => {
    const values = normaliseClassicForm(form({ interaction: 'interactive' }), imported('multi-pass', 3));
    expect(values).toMatchObject({ interaction: 'interactive', validationPasses: null });
  });

  it('passes go with a problem that stops talking, and a plain multi-pass problem still defaults to 2', () => {
    expect(normaliseClassicForm(form({ interaction: 'none' }), imported('interactive', 3))).toMatchObject({
      validationPasses: null,
    });
    expect(normaliseClassicForm(form({ interaction: 'multi-pass' }), imported('none', null))).toMatchObject({
      validationPasses: 2,
    });
  });
});
