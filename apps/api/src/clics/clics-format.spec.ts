import { describe, expect, it } from 'vitest';
import { clicsRelTime, problemLabel, runId, shortId } from './clics-format';

describe('CLICS value formats', () => {
  it('writes RELTIME as (-)h:mm:ss.uuu', () => {
    expect(clicsRelTime(0)).toBe('0:00:00.000');
    expect(clicsRelTime(4_927_034)).toBe('1:22:07.034');
    expect(clicsRelTime(-932_457)).toBe('-0:15:32.457');
    expect(clicsRelTime(27 * 3_600_000)).toBe('27:00:00.000');
  });

  it('labels problems A..Z, then AA', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(problemLabel)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('keeps ids within 36 characters of [a-zA-Z0-9_.-]', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (const id of [shortId(uuid), runId(uuid, 999), `first-to-solve-${shortId(uuid)}`])
      expect(id).toMatch(/^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,35}$/);
  });
});
