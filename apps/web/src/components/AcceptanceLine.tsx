import { NumbersMessages } from '@javelin/contracts';

/** A rate of 0..1 as the problem list shows it ('75%'); null before the first judged submission. */
export function percent(rate: number | null | undefined): string | null {
  return rate === null || rate === undefined ? null : `${Math.round(rate * 100)}%`;
}

/**
 * The user's acceptance (accepted submissions ÷ all judged submissions, the server's one definition),
 * the same line on the dashboard and the profile; '—' before the first judged submission.
 */
export function AcceptanceLine({ rate, testId }: { rate: number | null | undefined; testId: string }) {
  return (
    <p className="muted" style={{ margin: '0.6rem 0 0', fontSize: '0.9rem' }}>
      {NumbersMessages.acceptanceRate}: <strong data-testid={testId}>{percent(rate) ?? '—'}</strong> ·{' '}
      {NumbersMessages.acceptanceHint.toLowerCase()}
    </p>
  );
}
