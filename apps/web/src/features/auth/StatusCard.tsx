import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** The card of the email verification and password reset pages: a title over one state at a time. */
export function StatusCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card center-card status-card">
      <h1 style={{ fontSize: '1.5rem' }}>{title}</h1>
      {children}
    </div>
  );
}

export function StatusLoading({ text }: { text: string }) {
  return (
    <div role="status">
      <div className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** A success message with the way on: both pages end at the login screen. */
export function StatusSuccess({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <>
      <div className="alert alert-success" role="status">
        {message}
      </div>
      <button type="button" className="btn" onClick={() => navigate('/auth')}>
        Go to Login
      </button>
    </>
  );
}
