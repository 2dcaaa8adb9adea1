import { Icon } from './Icon';
export function ErrorBox({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <span>{message}</span>
      {onDismiss && (
        <button type="button" className="btn btn-ghost btn-sm" aria-label="Dismiss error" onClick={onDismiss}>
          <Icon name="close" />
        </button>
      )}
    </div>
  );
}
