import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';
import { correctedNow } from '../features/clock/clockSlice';
import { toastShown, toastFromMessage, type ShowToast, type ToastVariant } from '../features/toast/toastSlice';
import { useCallback, useMemo } from 'react';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export function useAuth() {
  return useAppSelector((s) => s.auth);
}

/** Server-corrected "now" (spec §4 "Clock"); callers re-read it each render. */
export function useNow(): () => Date {
  const offset = useAppSelector((s) => s.clock.offsetMs);
  return useCallback(() => correctedNow(offset), [offset]);
}

export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      show: (toast: ShowToast) => dispatch(toastShown(toast)),
      /** Shows a catalogue sentence, splitting 'Title – description'. */
      message: (message: string, variant: ToastVariant = 'destructive') => dispatch(toastFromMessage(message, variant)),
    }),
    [dispatch],
  );
}
