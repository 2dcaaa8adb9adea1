import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** React Router numbers the entries of its session history; 0 means this page opened the tab (a typed or pasted link). */
function hasHistory(): boolean {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

export function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle('Page not found');
  return (
    <div className="card center-card">
      <h1>404</h1>
      <p className="muted">Oops! The page you're looking for doesn't exist.</p>
      <div className="row" style={{ justifyContent: 'center' }}>
        <button type="button" className="btn" onClick={() => navigate('/')}>
          Go Home
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => (hasHistory() ? navigate(-1) : navigate('/'))}
        >
          Go Back
        </button>
      </div>
    </div>
  );
}

export default NotFoundPage;
