import { pluralize } from '../../components/pluralize';
import type { RatingChange } from '@javelin/contracts';
import { ChartAxes, type ChartPadding } from '../../components/ChartAxes';

const WIDTH = 600;
const HEIGHT = 220;
const PAD: ChartPadding = { top: 24, right: 28, bottom: 30, left: 44 };

const LABEL_LENGTH = 12;
const truncate = (title: string) => (title.length > LABEL_LENGTH ? `${title.slice(0, LABEL_LENGTH - 1)}…` : title);

/** A small SVG line of the rating after each rated contest. */
export function RatingChart({ history }: { history: readonly RatingChange[] }) {
  if (!history.length) return <p className="muted">No rated contests yet.</p>;
  const points = [
    { rating: history[0].oldRating, label: 'Start', delta: null as number | null },
    ...history.map((h) => ({ rating: h.newRating, label: h.contestTitle, delta: h.newRating - h.oldRating })),
  ];
  const ratings = points.map((p) => p.rating);
  const min = Math.min(...ratings) - 20;
  const max = Math.max(...ratings) + 20;
  const x = (i: number) => PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / Math.max(points.length - 1, 1);
  const y = (r: number) => PAD.top + ((max - r) * (HEIGHT - PAD.top - PAD.bottom)) / (max - min);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const last = history[history.length - 1];
  return (
    <figure className="chart" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Rating history: ${pluralize(history.length, 'contest')}, current rating ${last.newRating}`}
      >
        <ChartAxes width={WIDTH} height={HEIGHT} pad={PAD} />
        <text x={PAD.left - 6} y={y(max - 20) + 4} textAnchor="end">
          {Math.round(max - 20)}
        </text>
        <text x={PAD.left - 6} y={y(min + 20) + 4} textAnchor="end">
          {Math.round(min + 20)}
        </text>
        <path className="line" d={path} />
        {points.map((p, i) => (
          <g key={i} data-testid={p.delta === null ? undefined : 'rating-contest-mark'}>
            {p.delta !== null && (
              <>
                <line className="axis" x1={x(i)} y1={HEIGHT - PAD.bottom} x2={x(i)} y2={HEIGHT - PAD.bottom + 4} />
                <text
                  x={x(i)}
                  y={HEIGHT - PAD.bottom + 16}
                  textAnchor={i === points.length - 1 ? 'end' : 'middle'}
                >
                  {truncate(p.label)}
                </text>
                <text
                  x={x(i)}
                  y={y(p.rating) - 8}
                  textAnchor="middle"
                  className={p.delta >= 0 ? 'delta-up' : 'delta-down'}
                >
                  {p.delta >= 0 ? `+${p.delta}` : `−${-p.delta}`}
                </text>
              </>
            )}
            <circle className="point" cx={x(i)} cy={y(p.rating)} r={4}>
              <title>
                {p.label}: {p.rating}
                {p.delta !== null && ` (${p.delta >= 0 ? '+' : '−'}${Math.abs(p.delta)})`}
              </title>
            </circle>
          </g>
        ))}
      </svg>
      <figcaption className="muted" style={{ fontSize: '0.8rem' }}>
        Last: {last.contestTitle} — rank #{last.rank}, {last.oldRating} → {last.newRating}
      </figcaption>
    </figure>
  );
}
