import { numberOrUndefined } from './DetailsSection';

/** A classic problem's part of the details row: its time and memory limits. */
export function LimitsFields({
  timeLimitMs,
  memoryLimitMb,
  onTimeLimit,
  onMemoryLimit,
}: {
  timeLimitMs: number | undefined;
  memoryLimitMb: number | undefined;
  onTimeLimit: (ms: number | undefined) => void;
  onMemoryLimit: (mb: number | undefined) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor="problem-time-limit">Time limit (ms) *</label>
        <input
          id="problem-time-limit"
          type="number"
          min={1}
          step={1}
          value={timeLimitMs ?? ''}
          onChange={(e) => onTimeLimit(numberOrUndefined(e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor="problem-memory-limit">Memory limit (MB) *</label>
        <input
          id="problem-memory-limit"
          type="number"
          min={1}
          step={1}
          value={memoryLimitMb ?? ''}
          onChange={(e) => onMemoryLimit(numberOrUndefined(e.target.value))}
        />
      </div>
    </>
  );
}
