import { describe, expect, it } from 'vitest';
import { DEFAULT_JUDGE_LIMITS, judgeJobResultSchema } from './judge';
import { JUDGE_JOB_VERSION, JUDGE_QUEUE, judgeQueueName, parseJudgeJob } from './judge-job';

const v1Job = {
  code: 'public class Main { public static void main(String[] a) {} }',
  language: 'java',
  tests: [{ id: 't1', stdin: '1 2\n', expectedOutput: '3\n' }],
  limits: { ...DEFAULT_JUDGE_LIMITS },
  requestId: 'r1',
  outputValidation: { flags: ['case_sensitive'] },
  stopAtFirstFailure: true,
};
const v2Job = {
  ...v1Job,
  version: 2,
  tests: [{ id: 't1', stdin: '1 2\n', expectedOutput: '3\n', validatorFlags: ['space_change_sensitive'] }],
  outputValidation: {
    flags: [],
    custom: { language: 'cpp', files: [{ path: 'v.cpp', content: 'int main(){}' }] },
    interactive: true,
  },
};
/** Version 3 (issue 42): a Python validator, an interactive multi-pass problem. */
const v3Job = {
  ...v2Job,
  version: 3,
  outputValidation: {
    flags: [],
    custom: { language: 'python', files: [{ path: 'validator.py', content: 'import sys' }] },
    interactive: true,
    passes: 3,
  },
};

describe('the judge job contract (issue 46)', () => {
  it('puts each version on a queue of its own, version 1 on the queue of before versions', () => {
    expect(judgeQueueName(1)).toBe('judge');
    expect(judgeQueueName(2)).toBe('judge-v2');
    expect(judgeQueueName(3)).toBe('judge-v3');
    expect(JUDGE_QUEUE).toBe(judgeQueueName(JUDGE_JOB_VERSION));
  });

  it('takes a job of the queue version whole', () => {
    expect(parseJudgeJob(v2Job, 2)).toEqual({ ok: true, job: v2Job });
    // A job an API of before versions queued: judged as before.
    expect(parseJudgeJob(v1Job, 1)).toEqual({ ok: true, job: v1Job });
  });

  it('leaves a job of another version to a judge that understands it', () => {
    expect(parseJudgeJob({ ...v2Job, version: 3 }, 2)).toMatchObject({ ok: false, kind: 'foreign' });
    expect(parseJudgeJob(v1Job, 2)).toMatchObject({
      ok: false,
      kind: 'foreign',
      detail: 'a job of version 1 on the version 2 queue',
    });
    expect(parseJudgeJob(v2Job, 1)).toMatchObject({ ok: false, kind: 'foreign' });
  });

  it('version 3: a Python validator and an interactive multi-pass problem, never on an older queue', () => {
    expect(parseJudgeJob(v3Job, 3)).toEqual({ ok: true, job: v3Job });
    expect(parseJudgeJob(v3Job, 2)).toMatchObject({
      ok: false,
      kind: 'foreign',
      detail: 'a job of version 3 on the version 2 queue',
    });
    // A Python validator is a version-3 field value: version 2 never had it.
    const pythonV2 = { ...v2Job, outputValidation: { ...v3Job.outputValidation, interactive: false } };
    expect(parseJudgeJob(pythonV2, 2)).toMatchObject({ ok: false });
    expect(
      parseJudgeJob({ ...v3Job, outputValidation: { ...v3Job.outputValidation, custom: { language: 'ruby', files: [] } } }, 3),
    ).toMatchObject({ ok: false, kind: 'malformed' });
  });

  it('never ignores a field it does not know, at any depth, and names it', () => {
    const top = parseJudgeJob({ ...v2Job, memoryPerTest: [1] }, 2);
    expect(top).toEqual({
      ok: false,
      kind: 'foreign',
      detail: 'a field this judge does not know: memoryPerTest',
    });
    const inTest = parseJudgeJob({ ...v2Job, tests: [{ ...v2Job.tests[0], weight: 2 }] }, 2);
    expect(inTest).toMatchObject({
      kind: 'foreign',
      detail: 'a field this judge does not know: tests.0.weight',
    });
    const inValidation = parseJudgeJob(
      { ...v2Job, outputValidation: { ...v2Job.outputValidation, grader: true } },
      2,
    );
    expect(inValidation).toMatchObject({
      kind: 'foreign',
      detail: expect.stringContaining('outputValidation.grader'),
    });
    // Version 1 never had an interactive validator: on its queue the field is a newer API's.
    const interactiveV1 = parseJudgeJob({ ...v1Job, outputValidation: { flags: [], interactive: true } }, 1);
    expect(interactiveV1).toMatchObject({ kind: 'foreign', detail: expect.stringContaining('interactive') });
  });

  it('fails a malformed job, naming where', () => {
    expect(parseJudgeJob({ ...v2Job, code: 42 }, 2)).toMatchObject({ ok: false, kind: 'malformed' });
    expect(parseJudgeJob({ ...v2Job, limits: { ...v2Job.limits, cpuTimeMs: -1 } }, 2)).toMatchObject({
      kind: 'malformed',
      detail: expect.stringContaining('limits.cpuTimeMs'),
    });
    expect(parseJudgeJob(null, 1)).toMatchObject({ ok: false, kind: 'malformed' });
    expect(parseJudgeJob({ ...v2Job, outputValidation: { flags: [], passes: 1 } }, 2)).toMatchObject({
      kind: 'malformed',
      detail: expect.stringContaining('outputValidation.passes'),
    });
  });

  it("reads a judge's answer, dropping what a newer judge adds, refusing what breaks it", () => {
    const answer = {
      verdict: 'wrong_answer',
      results: [
        { id: 't1', verdict: 'wrong_answer', actualOutput: '4', executionTime: 12, error: 'x', peakKb: 9 },
      ],
      timings: { compileMs: 1, totalMs: 20 },
    };
    const read = judgeJobResultSchema.parse(answer);
    expect(read.results[0]).not.toHaveProperty('peakKb');
    expect(read.results[0].verdict).toBe('wrong_answer');
    expect(judgeJobResultSchema.safeParse({ ...answer, verdict: 'almost' }).success).toBe(false);
    expect(judgeJobResultSchema.safeParse({ verdict: 'accepted' }).success).toBe(false);
  });
});

describe('version 3: large test data by reference (issue 42)', () => {
  const ref = 'a'.repeat(64);
  const v3Job = {
    ...v2Job,
    version: 3,
    tests: [
      { id: 't1', stdin: '', stdinRef: ref, expectedOutput: '3\n' },
      { id: 't2', stdin: '1 2\n', expectedOutput: '', expectedOutputRef: ref },
    ],
  };

  it('travels on judge-v3 and is taken whole there', () => {
    expect(judgeQueueName(3)).toBe('judge-v3');
    expect(parseJudgeJob(v3Job, 3)).toEqual({ ok: true, job: v3Job });
  });

  it('is foreign to a version-2 judge, even when its tests carry no reference', () => {
    expect(parseJudgeJob(v3Job, 2)).toMatchObject({ ok: false, kind: 'foreign' });
    // The same fields on the v2 queue (an API that stamped the old version): a field v2 does not know.
    expect(parseJudgeJob({ ...v3Job, version: 2 }, 2)).toMatchObject({
      kind: 'foreign',
      detail: 'a field this judge does not know: tests.0.stdinRef',
    });
  });

  it('refuses a reference that is not a SHA-256, or one beside inline text of the same test', () => {
    const bad = parseJudgeJob(
      { ...v3Job, tests: [{ id: 't', stdin: '', stdinRef: 'abc', expectedOutput: '' }] },
      3,
    );
    expect(bad).toMatchObject({ kind: 'malformed', detail: expect.stringContaining('tests.0.stdinRef') });
    const both = parseJudgeJob(
      { ...v3Job, tests: [{ id: 't', stdin: '1\n', stdinRef: ref, expectedOutput: '' }] },
      3,
    );
    expect(both).toMatchObject({ kind: 'malformed', detail: expect.stringContaining('no inline text') });
  });
});
