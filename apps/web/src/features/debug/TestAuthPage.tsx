import { useState, type FormEvent } from 'react';
import { useAuth } from '../auth/useAuth';
import { getToken } from '../../lib/token';
import { useManualLoginMutation, useRegisterMutation } from '../auth/authApi';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** A registration debug tool: shows the raw answers of register and manual-login, nothing else. */
export function TestAuthPage() {
  useDocumentTitle('Test Auth');
  const { status, user } = useAuth();
  const [form, setForm] = useState({ email: '', password: '', username: '', fullName: '' });
  const [output, setOutput] = useState<string>('');
  const [register, { isLoading: registering }] = useRegisterMutation();
  const [manualLogin, { isLoading: loggingIn }] = useManualLoginMutation();

  const show = (label: string, value: unknown) => setOutput(`${label}\n${JSON.stringify(value, null, 2)}`);

  const tryRegister = async (e: FormEvent) => {
    e.preventDefault();
    const result = await register({ ...form, confirmPassword: form.password });
    show('POST /api/auth/register', 'error' in result ? result.error : result.data);
  };
  const tryManualLogin = async () => {
    const result = await manualLogin({ email: form.email, password: form.password });
    show('POST /api/auth/manual-login', 'error' in result ? result.error : result.data);
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Registration Debug</h1>
          <p className="muted">Try registration and login and see the server's raw answers.</p>
        </div>
      </div>
      <div className="split">
        <form className="card" onSubmit={tryRegister} aria-label="Test registration">
          {(['email', 'password', 'username', 'fullName'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`test-${field}`}>
                {field === 'fullName' ? 'Full Name' : field[0].toUpperCase() + field.slice(1)}
              </label>
              <input
                id={`test-${field}`}
                type={field === 'password' ? 'password' : field === 'email' ? 'email' : 'text'}
                value={form[field]}
                onChange={(e) => setForm({ ...form, [field]: e.target.value })}
              />
            </div>
          ))}
          <div className="row">
            <button type="submit" className="btn" disabled={registering}>
              Test Registration
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void tryManualLogin()}
              disabled={loggingIn}
            >
              Test Manual Login
            </button>
          </div>
        </form>
        <section className="card" aria-labelledby="test-output-heading">
          <h2 id="test-output-heading">Result</h2>
          <p className="muted">
            Session: {status}
            {user ? ` as ${user.email}` : ''} · token stored: {getToken() ? 'yes' : 'no'}
          </p>
          <pre data-testid="test-auth-output">{output || 'No request yet.'}</pre>
        </section>
      </div>
    </>
  );
}

export default TestAuthPage;
