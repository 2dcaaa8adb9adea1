import { CLASSIC_LIMITS, PackageMessages } from '@javelin/contracts';
import { PackageError } from './zip';

/**
 * A package that states no time limit has it set from its jury's accepted submissions, as the problem
 * package format does (issue 42):
 *
 * - legacy (`limits.time_multiplier`, default 5; `time_safety_margin`, default 2; problemtools' rule):
 *   the limit is the slowest accepted run times the multiplier, rounded to whole seconds, at least 1 s;
 *   a time_limit_exceeded submission must still run out of time at the margin, the larger of the limit
 *   plus a second and the exact limit times the safety margin, rounded;
 * - 2023-07 / 2025-09 (`limits.time_multipliers.ac_to_time_limit`, default 2; `time_limit_to_tle`,
 *   default 1.5; `time_resolution`, default 1 s): the smallest multiple of the resolution at least
 *   the slowest accepted run times ac_to_time_limit; a time_limit_exceeded submission must take at least
 *   the limit times time_limit_to_tle.
 *
 * The slowest run is measured on this judge, as contestants will be judged, and divided by the
 * deployment's JUDGE_TIME_SCALE, which then multiplies the stored limit again when a job is judged.
 */
export interface TimingRule {
  format: 'legacy' | 'modern';
  /** legacy time_multiplier, or ac_to_time_limit. */
  multiplier: number;
  /** legacy time_safety_margin, or time_limit_to_tle. */
  margin: number;
  /** The modern rule's time_resolution, seconds (legacy: whole seconds). */
  resolutionS: number;
}

type Yaml = Record<string, unknown>;

/** problem.yaml's timing keys for `version` ('legacy', '2023-07', '2025-09', …). */
export function timingRuleOf(limits: Yaml, version: string): TimingRule {
  if (version === 'legacy') {
    return {
      format: 'legacy',
      multiplier: positive(limits.time_multiplier, 5, 'limits.time_multiplier', 1),
      margin: positive(limits.time_safety_margin, 2, 'limits.time_safety_margin', 1),
      resolutionS: 1,
    };
  }
  const m = (
    limits.time_multipliers && typeof limits.time_multipliers === 'object' ? limits.time_multipliers : {}
  ) as Yaml;
  return {
    format: 'modern',
    multiplier: positive(m.ac_to_time_limit, 2, 'limits.time_multipliers.ac_to_time_limit', 1),
    margin: positive(m.time_limit_to_tle, 1.5, 'limits.time_multipliers.time_limit_to_tle', 1),
    resolutionS: positive(limits.time_resolution, 1, 'limits.time_resolution', 0.001),
  };
}

function positive(value: unknown, fallback: number, field: string, min: number): number {
  if (value === undefined || value === null) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min)
    throw new PackageError(
      PackageMessages.badField('problem.yaml', field, `must be a number of at least ${min}`),
    );
  return n;
}

/** The limit and the margin a time_limit_exceeded submission must exceed, ms (stored, before the time scale). */
interface JuryLimit {
  limitMs: number;
  marginMs: number;
  /** The rule in words, for the import's warning. */
  rule: string;
}

/** The time limit from the slowest accepted run (`slowestMs`, measured on this judge at `timeScale`). */
export function limitFromJury(rule: TimingRule, slowestMs: number, timeScale: number): JuryLimit {
  const reference = slowestMs / Math.max(timeScale, 1e-9);
  const clamp = (ms: number) =>
    Math.min(CLASSIC_LIMITS.maxTimeLimitMs, Math.max(CLASSIC_LIMITS.minTimeLimitMs, Math.round(ms)));
  if (rule.format === 'legacy') {
    const exactS = (reference / 1000) * rule.multiplier;
    const limitS = Math.max(1, Math.round(exactS));
    const marginS = Math.max(limitS + 1, Math.round(exactS * rule.margin));
    return {
      limitMs: clamp(limitS * 1000),
      marginMs: clamp(marginS * 1000),
      rule: `× ${rule.multiplier} (time_multiplier), rounded to whole seconds; margin × ${rule.margin} (time_safety_margin)`,
    };
  }
  const step = rule.resolutionS * 1000;
  // A little slack below the next step: 1.9999999 s × 2 is not worth another second.
  const steps = Math.max(1, Math.ceil((reference * rule.multiplier) / step - 1e-9));
  const limitMs = clamp(steps * step);
  return {
    limitMs,
    marginMs: clamp(limitMs * rule.margin),
    rule: `× ${rule.multiplier} (ac_to_time_limit), up to a multiple of ${rule.resolutionS} s (time_resolution); time_limit_to_tle ${rule.margin}`,
  };
}
