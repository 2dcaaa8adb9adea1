import { useCallback } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { correctedNow } from './clockSlice';

/** Server-corrected "now" (spec §4 "Clock"); callers re-read it each render. */
export function useNow(): () => Date {
  const offset = useAppSelector((s) => s.clock.offsetMs);
  return useCallback(() => correctedNow(offset), [offset]);
}
