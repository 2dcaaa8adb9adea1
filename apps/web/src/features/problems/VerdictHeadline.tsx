import type { Verdict } from '@javelin/contracts';
import type { ReactNode } from 'react';

/** A mark per verdict, beside its word: the verdict never relies on colour alone. */
const ICON: Record<Verdict, string> = {
  accepted: '✓',
  wrong_answer: '✗',
  time_limit_exceeded: '⏱',
  memory_limit_exceeded: '▣',
  runtime_error: '⚠',
  output_limit_exceeded: '⇶',
  compilation_error: '⚙',
};

/**
 * The result's headline (issue 30): the page's own label as the title ('Congratulations!', 'Solution
 * Incorrect', 'Accepted', 'Wrong Answer' — the spec's words), the precise verdict right under it
 * ("Wrong Answer on test 4"), an icon with both, and whatever the caller adds below (counts).
 */
export function VerdictHeadline({
  verdict,
  title,
  headline,
  children,
  testId,
}: {
  verdict: Verdict;
  /** The spec's label, when the page has one; the headline alone otherwise. */
  title?: string;
  headline: string;
  children?: ReactNode;
  testId?: string;
}) {
  const passed = verdict === 'accepted';
  return (
    <div
      className={`result-box verdict-headline ${passed ? 'pass' : 'fail'}`}
      role="status"
      data-testid={testId}
      data-verdict={verdict}
    >
      <span className="verdict-icon" aria-hidden="true">
        {ICON[verdict]}
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
