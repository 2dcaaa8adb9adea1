/**
 * The CLICS Contest API's value formats (icpc/ccs-specs 2023-06, "JSON property types"): TIME is an
 * ISO 8601 timestamp with its zone, RELTIME a signed `h:mm:ss.uuu` duration, ID a string of at most
 * 36 of `[a-zA-Z0-9_.-]`. Every timestamp here carries milliseconds, as the spec asks of all or none.
 */

/** TIME: `2031-03-01T09:00:00.000Z`. */
export function clicsTime(at: Date | number): string {
  return new Date(at).toISOString();
}

/** RELTIME: `-0:15:32.457`, `1:22:05.034`, `27:00:00.000`. */
export function clicsRelTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(Math.round(ms));
  const hours = Math.floor(abs / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const seconds = Math.floor((abs % 60_000) / 1000);
  const millis = abs % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${sign}${hours}:${two(minutes)}:${two(seconds)}.${String(millis).padStart(3, '0')}`;
}

/**
 * A short ID for a problem or an organization: the first 13 characters of its UUID (48 random bits,
 * unique within a contest), so that award ids built on it (`first-to-solve-<id>`,
 * `group-winner-<id>`) stay within the 36 characters an ID may have.
 */
export function shortId(uuid: string): string {
  return uuid.slice(0, 13);
}

/** A run's ID: its judgement's UUID without dashes and the test's ordinal (at most 36 characters). */
export function runId(judgementId: string, ordinal: number): string {
  return `${judgementId.replace(/-/g, '')}-${ordinal}`;
}

/** The scoreboard label of the problem at `position` (0-based): A..Z, then AA, AB, ... */
export function problemLabel(position: number): string {
  let n = position;
  let label = '';
  do {
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return label;
}

/** Balloon colours by position, as contests usually hand them out: [name, rgb]. */
const BALLOONS: readonly [string, string][] = [
  ['red', '#e6194b'],
  ['green', '#3cb44b'],
  ['yellow', '#ffe119'],
  ['blue', '#4363d8'],
  ['orange', '#f58231'],
  ['purple', '#911eb4'],
  ['cyan', '#42d4f4'],
  ['magenta', '#f032e6'],
  ['lime', '#bfef45'],
  ['pink', '#fabed4'],
  ['teal', '#469990'],
  ['lavender', '#dcbeff'],
  ['brown', '#9a6324'],
  ['beige', '#fffac8'],
  ['maroon', '#800000'],
  ['navy', '#000075'],
];

export function balloonOf(position: number): { color: string; rgb: string } {
  const [color, rgb] = BALLOONS[position % BALLOONS.length];
  return { color, rgb };
}
