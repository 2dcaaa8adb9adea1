import { Icon } from '../../components/Icon';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, toastDismissed, toastRemoved } from './toastSlice';

export function Toaster() {
  const toasts = useAppSelector((s) => s.toast.toasts);
  const dispatch = useAppDispatch();
  const current = toasts[0];

  useEffect(() => {
    if (!current) return;
    if (current.open) {
      const t = setTimeout(() => dispatch(toastDismissed(current.id)), TOAST_DURATION_MS);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => dispatch(toastRemoved(current.id)), TOAST_REMOVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [current, dispatch]);

  return (
    <div className="toaster" aria-live="polite" role="region" aria-label="Notifications">
      {current?.open && (
        <div
          className={`toast toast-${current.variant}`}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
        >
          <div>
            <div className="toast-title">{current.title}</div>
            {current.description && <div className="toast-description">{current.description}</div>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Dismiss notification"
            onClick={() => dispatch(toastDismissed(current.id))}
          >
            <Icon name="close" />
          </button>
        </div>
      )}
    </div>
  );
}
