import { AiMeasurement, AiMeasureResult, AiMessages } from '@javelin/contracts';
import type { Cost } from './cost';
import { degree, logFactors } from './cost';
import { formatSteps } from './constraints/bounds';

/** What the analysis says of a measurement, and what the web charts. */
export interface MeasuredReport {
  /** One line for the summary ("Measured in the sandbox: ≈ O(n²) …"). */
  summary: string;
  /** The complexity section's bullet, with the sizes, the clock and the extrapolation. */
  detail: string;
  /** True when the measurement says the code is too slow for the constraints. */
  tooSlow: boolean;
  /** The measurement named a growth class and priced it at the constraints' largest size (issue 44: it then outweighs the text's price). */
  conclusive?: boolean;
  /** No judge answered in time: the answer says so, and is not cached. */
  unavailable?: true;
  chart?: AiMeasurement;
}

const SUPERSCRIPT: Record<number, string> = { 2: '²', 3: '³' };

/**
 * The growth class a measured log-log slope is nearest to. A slope can't tell n from n log n (their
 * slopes differ by ~0.1 over these sizes), so the static estimate's log factor decides between them.
 */
export function growthLabel(slope: number, sizeNames: string[], staticTime?: Cost): string {
  const variable = sizeNames[0] ?? 'n';
  const logs = staticTime ? logFactors(staticTime) : 0;
  const staticDegree = staticTime ? degree(staticTime) : -1;
  const d = growthClass(slope);
  if (d === -1) return `O(${variable}^${slope.toFixed(1)}) or worse`;
  if (sizeNames.length === 2 && d === 2) return `O(${sizeNames[0]}·${sizeNames[1]})`;
  if (sizeNames.length === 2 && d === 1) return `O(${sizeNames[0]} + ${sizeNames[1]})`;
  if (d === 0) return logs > 0 && staticDegree === 0 ? `O(log ${variable})` : 'O(1)';
  const power = d === 1 ? variable : `${variable}${SUPERSCRIPT[d]}`;
  return logs > 0 && staticDegree === d ? `O(${power} log ${variable})` : `O(${power})`;
}

/** The power of n a slope is nearest to (0 to 3), or -1 past cubic. */
export function growthClass(slope: number): number {
  return slope < 0.35 ? 0 : slope < 1.4 ? 1 : slope < 2.4 ? 2 : slope < 3.4 ? 3 : -1;
}

/** n as the analysis writes it: `32768`, a power of ten as `10^5`, past a million `2.0·10^6`. */
function formatN(n: number): string {
  if (n >= 1e4 && Number.isInteger(Math.log10(n))) return `10^${Math.log10(n)}`;
  return n < 1e6 ? String(n) : formatSteps(n);
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/**
 * The measurement in words: the growth and the doubling factor, the sizes run, how long the largest
 * size the constraints allow would take at that growth, and the defaults its inputs were made with.
 */
export function describeMeasurement(
  result: AiMeasureResult | null,
  options: {
    cpuLimitMs: number;
    sizeLabel: string;
    sizeSymbols: string[];
    defaults: string[];
    staticTime?: Cost;
  },
): MeasuredReport {
  if (!result)
    return {
      summary: AiMessages.measurementUnavailable,
      detail: AiMessages.measurementUnavailable,
      tooSlow: false,
    };
  const { points, maxN } = result;
  const symbols = options.sizeSymbols.length ? options.sizeSymbols : ['n'];
  const growing = symbols.join(' and ');
  const clock = result.clock === 'wall' ? 'wall time of each run' : "CPU time of the program's main thread";
  const inputs = `on inputs generated from the signature and constraints (not the tests)${options.defaults.length ? `; ${options.defaults.join('; ')}` : ''}`;
  const span = points.length
    ? `${options.sizeLabel} = ${formatN(points[0].n)} … ${formatN(points[points.length - 1].n)}`
    : '';
  const chart = (label: string | null, factor: number | null): AiMeasurement => ({
    label,
    doublingFactor: factor,
    points,
    xLabel: options.sizeLabel,
    status: result.status,
  });
  switch (result.status) {
    case 'fails-examples':
      return {
        summary: 'Not measured: the code does not pass the examples.',
        detail: 'Not measured: the code does not pass the example tests.',
        tooSlow: false,
      };
    case 'compile-error':
      return {
        summary: 'Not measured: the code does not compile.',
        detail: 'Not measured: the code does not compile.',
        tooSlow: false,
      };
    case 'crashed':
      return {
        summary: 'Not measured: the program crashed on a generated input.',
        detail: `Not measured: the program failed on a generated input (${result.detail ?? 'runtime error'}). Generated inputs follow the stated constraints only, so they may break a promise of the statement; or the code misses a case.`,
        tooSlow: false,
        chart: points.length ? chart(null, null) : undefined,
      };
    default:
      break;
  }
  const last = points[points.length - 1];
  // A class is named only when every slope the data allows falls in it (issue 34).
  const range = result.slopeRange;
  const inconclusive =
    result.slope !== undefined && range !== undefined && growthClass(range.low) !== growthClass(range.high);
  const slope = inconclusive ? undefined : result.slope;
  if (result.status === 'too-slow' && (slope === undefined || !last)) {
    const at = /^n=(\d+)/.exec(result.detail ?? '')?.[1];
    return {
      summary: `Measured in the sandbox: **too slow** — a run${at ? ` at ${options.sizeLabel} = ${formatN(Number(at))}` : ''} did not finish within the ${seconds(options.cpuLimitMs)} limit.`,
      detail: `**Measured:** too slow — a run${at ? ` at ${options.sizeLabel} = ${formatN(Number(at))}` : ''} did not finish within the ${seconds(options.cpuLimitMs)} limit (${clock}, ${inputs}).`,
      tooSlow: true,
      chart: points.length ? chart(null, null) : undefined,
    };
  }
  if (inconclusive && range && last) {
    const factor = (x: number) => (2 ** x).toFixed(1);
    const sentence = AiMessages.measurementInconclusive(growing, factor(range.low), factor(range.high));
    const why = AiMessages.measurementInconclusiveWhy(
      result.fixedMs === undefined ? 'unknown' : `${result.fixedMs} ms`,
    );
    return {
      summary: `Measured in the sandbox: ${sentence}.`,
      detail: `**Measured:** ${sentence} (${span}; ${clock}, ${inputs}). ${why}`,
      tooSlow: false,
      chart: chart(null, null),
    };
  }
  if (slope === undefined || !last) {
    const largest = last ? ` up to ${options.sizeLabel} = ${formatN(last.n)}` : '';
    return {
      summary: `Measured in the sandbox: every run took under ${seconds(Math.max(last?.ms ?? 0, 1))}${largest}, too fast to tell its growth.`,
      detail: `**Measured:** every run took under ${seconds(Math.max(last?.ms ?? 0, 1))}${largest}: too fast to tell its growth (${clock}, ${inputs}).`,
      tooSlow: false,
      chart: points.length ? chart(null, null) : undefined,
    };
  }
  const label = growthLabel(slope, symbols, options.staticTime);
  const factor = 2 ** slope;
  const projected = last.n < maxN ? last.ms * (maxN / last.n) ** slope : last.ms;
  const tooSlow = result.status === 'too-slow' || projected > options.cpuLimitMs;
  const atMax =
    last.n < maxN
      ? ` At ${options.sizeLabel} = ${formatN(maxN)} it would take about ${seconds(projected)}, ${projected > options.cpuLimitMs ? `**past the ${seconds(options.cpuLimitMs)} limit**` : `within the ${seconds(options.cpuLimitMs)} limit`}.`
      : ` At ${options.sizeLabel} = ${formatN(maxN)}, the largest the constraints allow, a run took ${seconds(last.ms)}${last.ms > options.cpuLimitMs ? `, **past the ${seconds(options.cpuLimitMs)} limit**` : ''}.`;
  const stopped =
    result.status === 'too-slow'
      ? ` A run at ${result.detail?.split(':')[0] ?? 'the next size'} passed the limit.`
      : '';
  const sentence = `measured ≈ ${label}: doubling ${growing} multiplied the time by ${factor.toFixed(1)}`;
  return {
    summary: `Run in the sandbox, ${sentence}${tooSlow ? ' — **too slow** for the constraints' : ''}.`,
    detail: `**Measured:** ${sentence.slice('measured '.length)} (${span}; ${clock}, ${inputs}).${atMax}${stopped}`,
    tooSlow,
    conclusive: true,
    chart: chart(label, Math.round(factor * 10) / 10),
  };
}
