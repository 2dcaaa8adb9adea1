import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/api';
import { useCreateSuperAdminMutation } from '../auth/authApi';
import {
  PASSWORD_MIN_LENGTH,
  USERNAME_MIN_LENGTH,
  checkRequest,
  createSuperAdminSchema,
} from '@javelin/contracts';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Spec §9: usernames of at least 3 characters at admin setup (the rule is the API's, libs/contracts). */
export { USERNAME_MIN_LENGTH };
const ROLE_LABEL = 'Super Admin';

export interface AdminSetupForm {
  email: string;
  password: string;
  username: string;
  fullName: string;
}

export function validateAdminSetup(form: AdminSetupForm): string | null {
  if (!form.email.trim() || !form.password || !form.username.trim() || !form.fullName.trim())
    return 'All fields are required';
  // The schema the API checks this body with: the first refused field, in the API's words, except
  // the page's own sentence for a short username.
  const checked = checkRequest(createSuperAdminSchema, { ...form, role: 'super_admin' });
  if (checked.ok) return null;
  const [field, problem] = Object.entries(checked.problems.fields)[0];
  if (field === 'username' && problem.code === 'too_small')
    return `Username must be at least ${USERNAME_MIN_LENGTH} characters long`;
  return problem.message;
}

export function AdminSetupPage() {
  useDocumentTitle('Admin Setup');
  const toast = useToast();
  const [form, setForm] = useState<AdminSetupForm>({ email: '', password: '', username: '', fullName: '' });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const [createSuperAdmin, { isLoading }] = useCreateSuperAdminMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateAdminSetup(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      await createSuperAdmin({
        email: form.email.trim(),
        password: form.password,
        username: form.username.trim(),
        fullName: form.fullName.trim(),
        role: 'super_admin',
      }).unwrap();
      toast.show({ title: Messages.adminCreated(ROLE_LABEL), variant: 'success' });
      setCreated(true);
    } catch (err) {
      setError(errorMessage(err, Messages.createAdminFailed));
    }
  };

  return (
    <div className="card" style={{ maxWidth: 480, margin: '1.5rem auto' }}>
      <h1 style={{ fontSize: '1.5rem' }}>Admin Setup</h1>
      <div className="alert alert-info" role="note">
        This form creates the first super admin account. It works only while no super admin exists.
      </div>
      {created ? (
        <>
          <div className="alert alert-success" role="status">
            {Messages.adminCreated(ROLE_LABEL)} You can now sign in.
          </div>
          <Link to="/auth" className="btn">
            Go to Login
          </Link>
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Create super admin">
          {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
          <div className="field">
            <label htmlFor="setup-email">Email</label>
            <input
              id="setup-email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              required
            />
          </div>
          <PasswordInput
            id="setup-password"
            label="Password"
            value={form.password}
            onChange={(password) => setForm({ ...form, password })}
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
          />
          <div className="field">
            <label htmlFor="setup-username">Username</label>
            <input
              id="setup-username"
              autoComplete="username"
              value={form.username}
              onChange={(e) => setForm({ ...form, username: e.target.value })}
              required
              minLength={USERNAME_MIN_LENGTH}
            />
          </div>
          <div className="field">
            <label htmlFor="setup-fullName">Full Name</label>
            <input
              id="setup-fullName"
              autoComplete="name"
              value={form.fullName}
              onChange={(e) => setForm({ ...form, fullName: e.target.value })}
              required
            />
          </div>
          <div className="field">
            <label htmlFor="setup-role">Role</label>
            <input id="setup-role" value={ROLE_LABEL} readOnly />
          </div>
          <button type="submit" className="btn btn-block" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create Super Admin'}
          </button>
        </form>
      )}
    </div>
  );
}

export default AdminSetupPage;
