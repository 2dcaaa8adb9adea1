import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="card center-card">
      <h1>404</h1>
      <p className="muted">Oops! The page you're looking for doesn't exist.</p>
      <div className="row" style={{ justifyContent: 'center' }}>
        <button type="button" className="btn" onClick={() => navigate('/')}>
          Go Home
        </button>
        <button type="button" className="btn btn-outline" onClick={() => navigate(-1)}>
          Go Back
        </button>
      </div>
    </div>
  );
}

export default NotFoundPage;
