import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { splitMessage } from '../../lib/messages';

/** Spec §9: one toast at a time, shown 5 s; a dismissed toast is dropped after the removal delay. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive' | 'warning';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

export interface ToastState {
  toasts: Toast[];
  nextId: number;
}

const initialState: ToastState = { toasts: [], nextId: 1 };

export interface ShowToast {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<ShowToast>) {
      const toast: Toast = { variant: 'default', ...action.payload, id: state.nextId, open: true };
      state.nextId += 1;
      state.toasts = [toast, ...state.toasts].slice(0, TOAST_LIMIT);
    },
    toastDismissed(state, action: PayloadAction<number>) {
      const toast = state.toasts.find((t) => t.id === action.payload);
      if (toast) toast.open = false;
    },
    toastRemoved(state, action: PayloadAction<number>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed, toastRemoved } = toastSlice.actions;
export const toastReducer = toastSlice.reducer;

/** A toast from one catalogue sentence: 'Title – description' becomes a title and a description. */
export function toastFromMessage(message: string, variant: ToastVariant = 'destructive') {
  return toastShown({ ...splitMessage(message), variant });
}
