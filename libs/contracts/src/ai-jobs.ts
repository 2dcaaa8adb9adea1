import { z } from 'zod';
import type { AiCounterexampleJobData, AiJobName, AiLintJobData, AiMeasureJobData } from './ai';
import {
  judgeLimitsSchema,
  judgeTestSchema,
  refusalOf,
  versionRefusal,
  type JudgeJobRefusal,
  type JudgeJobVersion,
} from './judge-job';
import { checkerNameSchema, problemInputTypeSchema } from './problem-types';

/**
 * The AI features' jobs on the judge queue as a contract too (issue 46): strict schemas the judge parses
 * every AI job with before anything runs, as it does a judging job. Their shape is the same in versions
 * 1 and 2; a type test (ai-jobs.spec.ts) fails when a schema and its interface in ai.ts disagree.
 */
const range = z.strictObject({ min: z.number(), max: z.number() });
const aspect = z.enum(['length', 'values']);

export const generatedVariableSchema = z.strictObject({
  name: z.string(),
  type: problemInputTypeSchema,
  role: z.enum(['size', 'value']),
  length: range,
  values: range,
  alphabet: z.string(),
  columns: z.number().optional(),
  atMostSize: z.boolean().optional(),
  maxFrom: z.strictObject({ name: z.string(), aspect, plus: z.number() }).optional(),
  lengthFrom: z.strictObject({ name: z.string(), aspect, times: z.number(), plus: z.number() }).optional(),
  oneOf: z.array(z.number()).optional(),
  distinct: z.boolean().optional(),
  sumMax: z.number().optional(),
  sortedRows: z.boolean().optional(),
  elementLength: range.optional(),
});

export const inputSpecSchema = z.strictObject({ variables: z.array(generatedVariableSchema) });

export const aiLintJobSchema = z.strictObject({ code: z.string() });

export const aiMeasureJobSchema = z.strictObject({
  code: z.string(),
  examples: z.array(judgeTestSchema),
  spec: inputSpecSchema,
  limits: judgeLimitsSchema,
  budgetMs: z.number(),
  seed: z.number(),
  checker: checkerNameSchema.optional(),
  tolerance: z.number().optional(),
  checkerCode: z.string().optional(),
});

export const aiCounterexampleJobSchema = z.strictObject({
  code: z.string(),
  reference: z.string(),
  spec: inputSpecSchema,
  limits: judgeLimitsSchema,
  checker: z.string().optional(),
  tolerance: z.number().optional(),
  budgetMs: z.number(),
  seed: z.number(),
});

const AI_JOB_SCHEMAS = {
  'ai-lint': aiLintJobSchema,
  'ai-measure': aiMeasureJobSchema,
  'ai-counterexample': aiCounterexampleJobSchema,
} as const;

/** The data of an AI job by its name. */
export type AiJobDataOf = {
  'ai-lint': AiLintJobData;
  'ai-measure': AiMeasureJobData;
  'ai-counterexample': AiCounterexampleJobData;
};

/**
 * An AI job taken from `queueVersion`'s queue, checked whole as parseJudgeJob checks a judging job. The
 * queue says its version (a `version` field, when an API adds one, must agree).
 */
export function parseAiJob<N extends AiJobName>(
  name: N,
  data: unknown,
  queueVersion: JudgeJobVersion,
): { ok: true; data: AiJobDataOf[N] } | ({ ok: false } & JudgeJobRefusal) {
  const { version, ...rest } = (data ?? {}) as { version?: unknown };
  if (version !== undefined && version !== queueVersion)
    return { ok: false, ...versionRefusal(version, queueVersion) };
  const parsed = AI_JOB_SCHEMAS[name].safeParse(data === null || typeof data !== 'object' ? data : rest);
  if (parsed.success) return { ok: true, data: parsed.data as AiJobDataOf[N] };
  return { ok: false, ...refusalOf(parsed.error) };
}
