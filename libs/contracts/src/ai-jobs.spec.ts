import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  AiCounterexampleJobData,
  AiLintJobData,
  AiMeasureJobData,
  GeneratedVariable,
  InputSpec,
} from './ai';
import {
  aiCounterexampleJobSchema,
  aiLintJobSchema,
  aiMeasureJobSchema,
  generatedVariableSchema,
  inputSpecSchema,
  parseAiJob,
} from './ai-jobs';
import { DEFAULT_JUDGE_LIMITS } from './judge';

const variable: GeneratedVariable = {
  name: 'nums',
  type: 'int[]',
  role: 'size',
  length: { min: 1, max: 100_000 },
  values: { min: -1_000_000_000, max: 1_000_000_000 },
  alphabet: '',
  lengthFrom: { name: 'n', aspect: 'values', times: 2, plus: 0 },
};
const measure: AiMeasureJobData = {
  code: 'class Main {}',
  examples: [{ id: 'e1', stdin: '[1,2]\n', expectedOutput: '3' }],
  spec: { variables: [variable] },
  limits: DEFAULT_JUDGE_LIMITS,
  budgetMs: 2000,
  seed: 7,
  checker: 'exact',
};

describe('the AI jobs as a contract (issue 46)', () => {
  it('the schemas and the interfaces the API and the judge use are the same types', () => {
    expectTypeOf<z.infer<typeof aiLintJobSchema>>().toEqualTypeOf<AiLintJobData>();
    expectTypeOf<z.infer<typeof aiMeasureJobSchema>>().toEqualTypeOf<AiMeasureJobData>();
    expectTypeOf<z.infer<typeof aiCounterexampleJobSchema>>().toEqualTypeOf<AiCounterexampleJobData>();
    expectTypeOf<z.infer<typeof generatedVariableSchema>>().toEqualTypeOf<GeneratedVariable>();
    expectTypeOf<z.infer<typeof inputSpecSchema>>().toEqualTypeOf<InputSpec>();
  });

  it('takes a job whole, on either version queue', () => {
    expect(parseAiJob('ai-measure', measure, 2)).toEqual({ ok: true, data: measure });
    expect(parseAiJob('ai-measure', measure, 1)).toEqual({ ok: true, data: measure });
    expect(parseAiJob('ai-lint', { code: 'x', version: 2 }, 2)).toEqual({ ok: true, data: { code: 'x' } });
  });

  it('leaves a field it does not know, or another version, to another judge; fails a malformed one', () => {
    const unknown = { ...measure, spec: { variables: [{ ...variable, unique: 'rows' }] } };
    expect(parseAiJob('ai-measure', unknown, 2)).toEqual({
      ok: false,
      kind: 'foreign',
      detail: 'a field this judge does not know: spec.variables.0.unique',
    });
    expect(parseAiJob('ai-lint', { code: 'x', version: 3 }, 2)).toMatchObject({ ok: false, kind: 'foreign' });
    const counterexample: AiCounterexampleJobData = {
      code: 'class Main {}',
      reference: 'class Main {}',
      spec: measure.spec,
      limits: measure.limits,
      budgetMs: 2000,
      seed: 1,
    };
    expect(parseAiJob('ai-counterexample', counterexample, 2)).toEqual({ ok: true, data: counterexample });
    expect(parseAiJob('ai-counterexample', { ...counterexample, reference: 1 }, 2)).toMatchObject({
      ok: false,
      kind: 'malformed',
    });
    expect(parseAiJob('ai-lint', null, 2)).toMatchObject({ ok: false, kind: 'malformed' });
  });
});
