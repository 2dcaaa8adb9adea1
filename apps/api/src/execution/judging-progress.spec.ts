import { describe, expect, it } from 'vitest';
import { groupLayoutOf, groupProgressOf, HiddenTestCadence, marksShown } from './judging-progress.service';

/** Examples 2 | a: 2 tests | b: 2 | c (needs b): 1 | d: 2, in the judge's order. */
const layout = groupLayoutOf(
  [
    { name: 'a', points: 20 },
    { name: 'b', points: 30 },
    { name: 'c', points: 10, dependsOn: ['b'] },
    { name: 'd', points: 40 },
  ],
  [
    { isExample: true },
    { isExample: true },
    { isExample: false, group: 'a' },
    { isExample: false, group: 'a' },
    { isExample: false, group: 'b' },
    { isExample: false, group: 'b' },
    { isExample: false, group: 'c' },
    { isExample: false, group: 'd' },
    { isExample: false, group: 'd' },
  ],
);
const states = (marks: string, running = true) => groupProgressOf(layout, marks, running).map((g) => g.state);

describe('group states while a scoring submit is judged (issue 31)', () => {
  it('fills group by group: pending, judging (the group of the test running), then earned or failed', () => {
    expect(states('', false)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(states('++.......')).toEqual(['judging', 'pending', 'pending', 'pending']);
    expect(states('++++.....')).toEqual(['earned', 'judging', 'pending', 'pending']);
    // b fails at its first test (test 5): its second is never run, c fails for want of b, d is next.
    const failed = groupProgressOf(layout, '++++-....', true);
    expect(failed.map((g) => g.state)).toEqual(['earned', 'failed', 'failed', 'pending']);
    expect(failed[1]).toEqual({
      name: 'b',
      points: 30,
      state: 'failed',
      passedCount: 0,
      totalCount: 2,
      firstFailedTest: 5,
    });
    expect(states('++++-.+..')).toEqual(['earned', 'failed', 'failed', 'judging']);
    expect(states('++++-.+++')).toEqual(['earned', 'failed', 'failed', 'earned']);
  });

  it('a dependency still judged keeps its dependant judging; a custom checker\'s "?" is not yet a pass', () => {
    const chain = groupLayoutOf(
      [
        { name: 'x', points: 50 },
        { name: 'y', points: 50, dependsOn: ['x'] },
      ],
      [
        { isExample: false, group: 'y' },
        { isExample: false, group: 'x' },
      ],
    );
    expect(groupProgressOf(chain, '+.', true).map((g) => g.state)).toEqual(['judging', 'judging']);
    expect(groupProgressOf(chain, '+?', true).map((g) => g.state)).toEqual(['judging', 'judging']);
    expect(groupProgressOf(chain, '++', true).map((g) => g.state)).toEqual(['earned', 'earned']);
  });
});

describe("the hidden tests' cadence (issue 47)", () => {
  it("shows examples as they finish and the hidden count only as of the last tick from the stream's opening", () => {
    const cadence = new HiddenTestCadence(10_000, 1_000);
    // Two examples: each shown as it finishes.
    expect(cadence.judged(1, 2, 10_100)).toBe(1);
    expect(cadence.judged(2, 2, 10_200)).toBe(2);
    // Hidden tests finish at 10.3 s and 10.6 s: nothing of them before the tick at 11 s.
    expect(cadence.judged(3, 2, 10_300)).toBe(2);
    expect(cadence.judged(4, 2, 10_900)).toBe(2);
    expect(cadence.judged(4, 2, 11_000)).toBe(4);
    // One more at 11.2 s waits for 12 s; a poll that skipped ticks catches up at the next one it sees.
    expect(cadence.judged(5, 2, 11_200)).toBe(4);
    expect(cadence.judged(6, 2, 13_050)).toBe(6);
    expect(cadence.judged(7, 2, 13_900)).toBe(6);
    expect(cadence.judged(7, 2, 14_000)).toBe(7);
  });

  it('never shows more than have finished', () => {
    const cadence = new HiddenTestCadence(0, 1_000);
    expect(cadence.judged(5, 0, 1_000)).toBe(5);
    expect(cadence.judged(3, 0, 1_100)).toBe(3);
  });
});

describe('the marks a stream shows (issue 47)', () => {
  it('keeps the first finished tests and reads later ones as not finished; skipped tests stay as they are', () => {
    expect(marksShown('++++-.+..', 9)).toBe('++++-.+..');
    expect(marksShown('++++-.++.', 5)).toBe('++++-....');
    expect(marksShown('++', 0)).toBe('..');
  });
});
