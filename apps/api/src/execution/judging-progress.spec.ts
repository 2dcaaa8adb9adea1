import { describe, expect, it } from 'vitest';
import { groupLayoutOf, groupProgressOf } from './judging-progress.service';

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
