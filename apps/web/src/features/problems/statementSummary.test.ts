import { describe, expect, it } from 'vitest';
import { statementSummary } from './statementSummary';

describe('statementSummary (issue 45: cards show no Markdown or LaTeX source)', () => {
  it('writes inline math as its text and symbols', () => {
    expect(statementSummary('There are $n$ courses, numbered $1$ to $n$, with $1 \\le n \\le 10^5$.')).toBe(
      'There are n courses, numbered 1 to n, with 1 ≤ n ≤ 10^5.',
    );
  });

  it('drops emphasis marks, escapes, inline code ticks, headings and images', () => {
    expect(
      statementSummary(
        '# Almost\n\nA \\_palindrome\\_ reads the same backwards, like `racecar`. ![pic](a.png) **Bold** and _soft_.',
      ),
    ).toBe('A _palindrome_ reads the same backwards, like racecar. Bold and soft.');
  });

  it('keeps link words, drops display math and code fences, and cuts long text at a word', () => {
    expect(
      statementSummary('See [the rules](http://x).\n\n$$\\sum a_i$$\n\n```java\nint x;\n```\nDone.'),
    ).toBe('See the rules. Done.');
    const long = statementSummary('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(41);
    expect(long.endsWith('word…')).toBe(true);
  });
});
