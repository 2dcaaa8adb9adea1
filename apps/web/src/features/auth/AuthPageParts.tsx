import { AccountMessages } from '@javelin/contracts';
import { Link, useLocation } from 'react-router-dom';
import type { AuthConfig } from './authApi';

/** After a sign-up that needs verification: where the mail went, instead of an emptied form. */
export function SignupSent({
  sentTo,
  notice,
  onBack,
}: {
  sentTo: string;
  notice: string | null;
  onBack: () => void;
}) {
  const location = useLocation();
  return (
    <div className="card" style={{ maxWidth: 440, margin: '1.5rem auto' }}>
      <h1 style={{ fontSize: '1.6rem' }}>Check your email</h1>
      <div className="alert alert-success" role="status" data-testid="signup-sent">
        <p style={{ margin: 0 }}>
          <strong>{AccountMessages.verificationSentTo(sentTo)}</strong>
        </p>
        <p style={{ margin: '0.5rem 0 0' }}>{notice}</p>
      </div>
      <Link to="/login" state={location.state} className="btn btn-outline btn-block" onClick={onBack}>
        {AccountMessages.backToSignIn}
      </Link>
    </div>
  );
}

/** Google and GitHub sign-in, when the server has them configured. */
export function OAuthButtons({ config, onGoogle }: { config: AuthConfig | undefined; onGoogle: () => void }) {
  if (!config?.googleClientId && !config?.githubEnabled) return null;
  return (
    <div className="stack" style={{ marginTop: '1rem' }}>
      <div className="muted" style={{ textAlign: 'center', fontSize: '0.85rem' }}>
        Or continue with
      </div>
      {config.googleClientId && (
        <button type="button" className="btn btn-outline btn-block" onClick={onGoogle}>
          Sign in with Google
        </button>
      )}
      {config.githubEnabled && (
        <a className="btn btn-outline btn-block" href="/api/auth/github">
          Sign in with GitHub
        </a>
      )}
    </div>
  );
}
