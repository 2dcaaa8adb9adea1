/** Readers of one environment variable each: the value, the default when unset, or an EnvError naming it. */

/** A setting that stops the process: the message names the variable and what is wrong with it. */
export class EnvError extends Error {}

/** The protocols of a web address. */
export const HTTP = ['http:', 'https:'];

export function int(source: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new EnvError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

/** A positive decimal number (JUDGE_TIME_SCALE=1.5), or the process stops naming it. */
export function positiveNumber(
  source: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  max: number,
): number {
  const raw = source[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !(value > 0) || value > max)
    throw new EnvError(`${name} must be a number greater than 0 and at most ${max}, got "${raw}"`);
  return value;
}

export function url(
  source: NodeJS.ProcessEnv,
  name: string,
  fallback: string | undefined,
  protocols: string[],
): string | undefined {
  const raw = source[name] || fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new EnvError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new EnvError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** Comma-separated issuer identifiers: a bare host (Google's legacy `accounts.google.com`) or an http(s) URL. */
export function issuers(source: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  const values = (source[name] || fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.length) throw new EnvError(`${name} must name at least one issuer`);
  for (const value of values) {
    if (value.includes('://')) url({ [name]: value }, name, undefined, HTTP);
    else if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(value))
      throw new EnvError(`${name} has an invalid issuer: "${value}"`);
  }
  return values;
}

export function flag(source: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new EnvError(`${name} must be true or false, got "${raw}"`);
}
