import type { Verdict } from '@javelin/contracts';
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';

/**
 * The result's headline (issue 30): the page's own label as the title ('Congratulations!', 'Solution
 * Incorrect', 'Accepted', 'Wrong Answer' — the spec's words), the precise verdict right under it
 * ("Wrong Answer on test 4"), an SVG icon per verdict with both (never colour alone), and whatever the
 * caller adds below (counts). A partial score (issue 45) is its own tone: neither pass nor fail.
 */
export function VerdictHeadline({
  verdict,
  title,
  headline,
  children,
  testId,
  partial = false,
}: {
  verdict: Verdict;
  /** The spec's label, when the page has one; the headline alone otherwise. */
  title?: string;
  headline: string;
  children?: ReactNode;
  testId?: string;
  /** Some of a scoring problem's points were earned: the title is the score. */
  partial?: boolean;
}) {
  const tone = verdict === 'accepted' ? 'pass' : partial ? 'partial' : 'fail';
  return (
    <div
      className={`result-box verdict-headline ${tone}`}
      role="status"
      data-testid={testId}
      data-verdict={verdict}
      data-tone={tone}
    >
      <span className="verdict-icon">
        <Icon name={partial ? 'partial' : verdict} size={20} />
      </span>
      <div>
        {title && title !== headline && <strong className="verdict-title">{title}</strong>}
        <div className="verdict-line" data-testid="verdict-headline">
          {headline}
        </div>
        {children}
      </div>
    </div>
  );
}
