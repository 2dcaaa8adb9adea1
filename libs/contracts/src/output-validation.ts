import { z } from 'zod';
import { ResponseSchemas } from './response-rules';
import type { VersionedJudgeJob } from './judge-job';

/**
 * Output validation as the ICPC / Kattis problem package format defines it (issue 29): the default
 * output validator with its flags (problem.yaml `validator_flags`), or a custom output validator (C++,
 * Java or Python) run as `validator input judge_answer feedback_dir [flags] < team_output`, exit 42 accepted,
 * 43 wrong answer, anything else a judge error.
 */
/** A custom output validator's sources as the package holds them (`output_validators/<name>/…`). */
export const customOutputValidatorSchema = z
  .object({
    /** Python: run by the judge's python3 (a package's `.py` validator; imported, not authored in the form). */
    language: z.enum(['cpp', 'java', 'python']),
    /** Paths relative to the validator's folder (e.g. `validator.cpp`, `validate.h`); no `..`, no absolute paths. */
    files: z.array(z.object({ path: z.string(), content: z.string() })),
  })
  .register(ResponseSchemas, { id: 'CustomOutputValidator' });
export type CustomOutputValidator = z.infer<typeof customOutputValidatorSchema>;

/**
 * A job's output validation (the judge job's contract, judge-job.ts): `flags` (`validator_flags`: for the
 * default validator its options, for a custom one its extra arguments); `custom` (absent: the default
 * validator); `interactive` (issue 42: the custom validator runs beside each test, its stdout the
 * submission's stdin and the submission's stdout its stdin); `passes` (a multi-pass problem: at most this
 * many passes, `limits.validation_passes`, the validator's `nextpass.in` the next pass's input).
 */
export type OutputValidation = NonNullable<VersionedJudgeJob['outputValidation']>;

/** What an interactive or multi-pass test's judging says beyond the validator's own words. */
export const InteractiveMessages = {
  notRun: 'The interactive test was not run with its validator',
  noStart: 'The output validator did not start',
  endedEarly: 'Your program ended before the interaction did',
  tooManyPasses: (limit: number) =>
    `The output validator asked for more than ${limit} passes (limits.validation_passes)`,
  nextPassWithoutAccept: 'The output validator wrote nextpass.in but did not exit with 42',
  feedbackTooLarge: (limitMb: number) =>
    `The output validator's feedback directory grew past ${limitMb} MB: it is not carried to the next pass`,
  noValidator: 'An interactive or multi-pass problem needs its custom output validator',
} as const;

/** The default output validator's options, read from its flags. */
export interface DefaultValidatorOptions {
  caseSensitive: boolean;
  spaceChangeSensitive: boolean;
  /** A judge token that is a number matches a number within this absolute difference (when set). */
  floatAbsoluteTolerance: number | null;
  /** … or within this difference relative to the judge's number (when set). */
  floatRelativeTolerance: number | null;
}

export const OutputValidationMessages = {
  unknownFlag: (flag: string) =>
    `Unknown default validator flag "${flag}": expected case_sensitive, space_change_sensitive, float_tolerance, float_absolute_tolerance or float_relative_tolerance`,
  badTolerance: (flag: string, value: string | undefined) =>
    `The default validator flag ${flag} needs a non-negative number, got ${value === undefined ? 'nothing' : `"${value}"`}`,
  // Where the output went wrong, never quoting the judge's answer (safe to show for hidden tests).
  notANumber: (token: number) => `Token ${token} of your output is not a number; a number was expected`,
  tooFar: (token: number) =>
    `Token ${token} of your output is not within the tolerance of the expected number`,
  differs: (token: number) => `Token ${token} of your output differs from the expected answer`,
  tokenCount: (tokens: number, expected: number) =>
    `Your output has ${tokens} token${tokens === 1 ? '' : 's'}; ${expected} expected`,
  spaceDiffers: (token: number) =>
    `The whitespace before token ${token} of your output differs from the expected answer (space_change_sensitive)`,
} as const;

/** The default validator's options from its flags; an error sentence naming the first bad flag. */
export function parseDefaultValidatorFlags(
  flags: readonly string[],
): { ok: true; options: DefaultValidatorOptions } | { ok: false; error: string } {
  const options: DefaultValidatorOptions = {
    caseSensitive: false,
    spaceChangeSensitive: false,
    floatAbsoluteTolerance: null,
    floatRelativeTolerance: null,
  };
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i];
    if (flag === 'case_sensitive') options.caseSensitive = true;
    else if (flag === 'space_change_sensitive') options.spaceChangeSensitive = true;
    else if (
      flag === 'float_tolerance' ||
      flag === 'float_absolute_tolerance' ||
      flag === 'float_relative_tolerance'
    ) {
      const raw = flags[++i];
      const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
      if (!Number.isFinite(value) || value < 0)
        return { ok: false, error: OutputValidationMessages.badTolerance(flag, raw) };
      if (flag !== 'float_relative_tolerance') options.floatAbsoluteTolerance = value;
      if (flag !== 'float_absolute_tolerance') options.floatRelativeTolerance = value;
    } else return { ok: false, error: OutputValidationMessages.unknownFlag(flag) };
  }
  return { ok: true, options };
}
