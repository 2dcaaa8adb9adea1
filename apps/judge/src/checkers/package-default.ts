import { OutputValidationMessages as M, type DefaultValidatorOptions } from '@javelin/contracts';
import { ACCEPTED, rejected, type CheckResult } from './checker';

/** A number as a judge's answer writes one (`-0.5`, `1.0E-7`, `3`). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whitespace and tokens alternating: [space, token, space, token, …, space]. */
function split(text: string): { spaces: string[]; tokens: string[] } {
  const parts = text.split(/(\S+)/u);
  return { spaces: parts.filter((_, i) => i % 2 === 0), tokens: parts.filter((_, i) => i % 2 === 1) };
}

function tokenMatches(answer: string, output: string, o: DefaultValidatorOptions, at: number): CheckResult {
  const tolerant = o.floatAbsoluteTolerance !== null || o.floatRelativeTolerance !== null;
  if (tolerant && NUMBER.test(answer)) {
    if (!NUMBER.test(output)) return rejected(M.notANumber(at));
    const a = Number(answer);
    const diff = Math.abs(Number(output) - a);
    const absolute = o.floatAbsoluteTolerance !== null && diff <= o.floatAbsoluteTolerance;
    const relative = o.floatRelativeTolerance !== null && diff <= o.floatRelativeTolerance * Math.abs(a);
    return absolute || relative ? ACCEPTED : rejected(M.tooFar(at));
  }
  const same = o.caseSensitive ? answer === output : answer.toLowerCase() === output.toLowerCase();
  return same ? ACCEPTED : rejected(M.differs(at));
}

/**
 * The problem package format's default output validator: token by token, case-insensitive unless
 * `case_sensitive`; any run of whitespace equals any other unless `space_change_sensitive`; with a
 * float tolerance, a judge token that is a number matches a number within the absolute or the
 * relative tolerance (either suffices). Pure: no process, no file.
 */
export function packageDefaultCheck(answer: string, output: string, o: DefaultValidatorOptions): CheckResult {
  const want = split(answer);
  const got = split(output);
  const n = want.tokens.length;
  for (let i = 0; i < Math.min(n, got.tokens.length); i++) {
    if (o.spaceChangeSensitive && want.spaces[i] !== got.spaces[i]) return rejected(M.spaceDiffers(i + 1));
    const r = tokenMatches(want.tokens[i], got.tokens[i], o, i + 1);
    if (!r.accepted) return r;
  }
  if (got.tokens.length !== n) return rejected(M.tokenCount(got.tokens.length, n));
  if (o.spaceChangeSensitive && want.spaces[n] !== got.spaces[n]) return rejected(M.spaceDiffers(n + 1));
  return ACCEPTED;
}
