import type { AiMeasurement } from '@javelin/contracts';
import { ChartAxes, type ChartPadding } from '../../components/ChartAxes';

// A narrow drawing, so its labels stay readable when a phone scales it down to ~300 px.
const WIDTH = 440;
const HEIGHT = 200;
const PAD: ChartPadding = { top: 14, right: 16, bottom: 36, left: 52 };

/** 128 → "128", 65536 → "64k", 100000 → "100k", 10^9 → "1G". */
function formatN(n: number): string {
  if (n >= 1e9) return `${+(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)}k`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024}k`;
  return String(n);
}

function formatMs(ms: number): string {
  if (ms >= 1000) return `${+(ms / 1000).toFixed(2)} s`;
  return ms >= 10 ? `${Math.round(ms)} ms` : `${+ms.toFixed(1)} ms`;
}

/**
 * The measured complexity of Analyze Code (issue 19): the program's time at each input size the judge
 * ran, n on a doubling (log) scale so each doubling is one step, time on a linear scale so the curve's
 * bend shows the growth.
 */
export function ComplexityChart({ measurement }: { measurement: AiMeasurement }) {
  const points = measurement.points;
  if (points.length < 2) return null;
  const maxMs = Math.max(...points.map((p) => p.ms), 1);
  const logs = points.map((p) => Math.log2(p.n));
  const minLog = Math.min(...logs);
  const maxLog = Math.max(...logs);
  const x = (n: number) =>
    PAD.left + ((Math.log2(n) - minLog) * (WIDTH - PAD.left - PAD.right)) / Math.max(maxLog - minLog, 1e-9);
  const y = (ms: number) => PAD.top + ((maxMs - ms) * (HEIGHT - PAD.top - PAD.bottom)) / maxMs;
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.n).toFixed(1)},${y(p.ms).toFixed(1)}`).join(' ');
  // Every other size is labelled when there are many.
  const step = points.length > 5 ? 2 : 1;
  const summary = measurement.label
    ? `${measurement.label}: doubling n multiplied the time by ${measurement.doublingFactor}`
    : 'growth not fitted';
  return (
    <figure className="chart complexity-chart" data-testid="complexity-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Measured time against ${measurement.xLabel}: ${summary}; ${points.length} sizes from ${points[0].n} to ${points[points.length - 1].n}, longest run ${formatMs(maxMs)}`}
      >
        <ChartAxes width={WIDTH} height={HEIGHT} pad={PAD} />
        <text x={PAD.left - 6} y={y(maxMs) + 4} textAnchor="end">
          {formatMs(maxMs)}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end">
          0
        </text>
        {points.map((p, i) =>
          i % step === 0 || i === points.length - 1 ? (
            <text key={`t${p.n}`} x={x(p.n)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle">
              {formatN(p.n)}
            </text>
          ) : null,
        )}
        <text x={(PAD.left + WIDTH - PAD.right) / 2} y={HEIGHT - 4} textAnchor="middle">
          {measurement.xLabel} (doubling)
        </text>
        <path className="line" d={path} />
        {points.map((p) => (
          <circle key={p.n} className="point" cx={x(p.n)} cy={y(p.ms)} r={4}>
            <title>
              n = {p.n}: {formatMs(p.ms)}
            </title>
          </circle>
        ))}
      </svg>
      <figcaption className="muted">
        Measured in the sandbox
        {measurement.label ? (
          <>
            {' '}
            — ≈ <strong>{measurement.label}</strong>, doubling n ×{measurement.doublingFactor}
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
