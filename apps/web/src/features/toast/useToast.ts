import { useMemo } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { toastFromMessage, toastShown, type ShowToast, type ToastVariant } from './toastSlice';

export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      show: (toast: ShowToast) => dispatch(toastShown(toast)),
      /** Shows a catalogue sentence, splitting 'Title – description'. */
      message: (message: string, variant: ToastVariant = 'destructive') =>
        dispatch(toastFromMessage(message, variant)),
    }),
    [dispatch],
  );
}
