import type { Contest } from '@javelin/contracts';
import { useEffect, useState } from 'react';
import { useNow } from '../clock/useNow';
import { countdownTarget, formatCountdown } from './contestRules';

const TICK_MS = 1_000;

/** Re-renders every second while mounted (for clocks shown on screen). */
export function useTicker(enabled = true): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}

/** A live countdown to the contest's start, then to its end, on the server-corrected clock. */
export function Countdown({
  contest,
  compact = false,
}: {
  contest: Pick<Contest, 'startTime' | 'endTime'>;
  compact?: boolean;
}) {
  const now = useNow();
  const target = countdownTarget(contest, now());
  useTicker(target !== null);
  if (!target) return null;
  return (
    <span className={`countdown${compact ? ' countdown-compact' : ''}`} role="timer" data-testid="countdown">
      {target.label} <strong className="mono">{formatCountdown(target.at - now().getTime())}</strong>
    </span>
  );
}
