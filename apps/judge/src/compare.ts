/** Normalise program output for comparison: trailing whitespace on each line and trailing blank lines are ignored. */
export function normalizeOutput(s: string): string {
  const lines = s.split('\n').map((l) => l.replace(/\s+$/u, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export function outputsMatch(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}
