import type { ScoreboardCell } from '@javelin/contracts';

/** How an IOI cell reads (issue 31): the problem's score, hidden tries during a freeze, or untried. */
export function ioiCellView(cell: ScoreboardCell | undefined): {
  text: string;
  detail: string;
  tone: string;
} {
  if (!cell) return { text: '', detail: 'not tried', tone: 'empty' };
  const score = cell.score ?? 0;
  if (cell.pending > 0)
    return {
      text: `${score} ?`,
      detail: `${score} points before the freeze, ${cell.pending} hidden ${cell.pending === 1 ? 'try' : 'tries'}`,
      tone: 'pending',
    };
  const full = cell.acceptedAtMinutes !== null;
  return {
    text: String(score),
    detail: `${score} points${full ? `, full score at minute ${cell.acceptedAtMinutes}` : ''}`,
    tone: full ? 'full' : score > 0 ? 'partial' : 'zero',
  };
}

/** One problem's cell on an IOI board: its score (best of each subtask over the submits). */
export function IoiCell({
  letter,
  title,
  cell,
}: {
  letter: string;
  title: string;
  cell: ScoreboardCell | undefined;
}) {
  const view = ioiCellView(cell);
  return (
    <span
      className={`sb-cell ioi-cell ${view.tone}${view.tone === 'pending' ? ' sb-pending' : ''}`}
      data-testid="scoreboard-cell"
      data-problem={letter}
      data-score={cell?.score ?? ''}
      title={`${letter} · ${title}: ${view.detail}`}
      aria-label={`Problem ${letter}: ${view.detail}`}
    >
      <span className="sb-letter">{letter}</span>
      <span className="sb-value">{view.text || '·'}</span>
    </span>
  );
}
