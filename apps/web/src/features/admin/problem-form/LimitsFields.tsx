import { PackageUiMessages, type TimeLimitBasis } from '@javelin/contracts';
import { numberOrUndefined } from './DetailsSection';
import type { FieldProps } from '../../../components/fieldProps';

/** A classic problem's part of the details row: its time and memory limits. */
export function LimitsFields({
  timeLimitMs,
  memoryLimitMb,
  onTimeLimit,
  onMemoryLimit,
  basis,
}: {
  /** How an import set the time limit from the jury (issue 42): said under the fields while it stands. */
  basis?: TimeLimitBasis;
  timeLimitMs: number | undefined;
  memoryLimitMb: number | undefined;
  onTimeLimit: (ms: number | undefined) => void;
  onMemoryLimit: (mb: number | undefined) => void;
}) {
  return (
    <>
      <LimitField
        id="problem-time-limit"
        label="Time limit (ms) *"
        value={timeLimitMs}
        onChange={onTimeLimit}
      />
      <LimitField
        id="problem-memory-limit"
        label="Memory limit (MB) *"
        value={memoryLimitMb}
        onChange={onMemoryLimit}
      />
      {basis && basis.limitMs === timeLimitMs && (
        <p className="hint" data-testid="time-limit-basis">
          {PackageUiMessages.timeLimitBasis(basis.limitMs, basis.slowestMs, basis.slowestPath, basis.rule)}
        </p>
      )}
    </>
  );
}

/** One limit: a whole number of at least 1, or empty while the author types. */
function LimitField({ id, label, value, onChange }: FieldProps<number | undefined>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={1}
        step={1}
        value={value ?? ''}
        onChange={(e) => onChange(numberOrUndefined(e.target.value))}
      />
    </div>
  );
}
