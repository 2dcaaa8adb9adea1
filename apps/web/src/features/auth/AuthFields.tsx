import { ContestPackageUiMessages } from '@javelin/contracts';
import { PasswordInput } from '../../components/PasswordInput';
import type { RegisterRequest } from './authApi';
import { SIGNUP_RULES, type SignupErrors } from './signupRules';

type Field = keyof RegisterRequest;

/** One text field of the form, with its rule (sign-up) and its error under it. */
function TextField(props: {
  field: Field;
  label: string;
  type?: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
}) {
  const { field, hint, error } = props;
  const describedBy = [hint && `${field}-hint`, error && `${field}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={field}>{props.label}</label>
      <input
        id={field}
        name={field}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p className="field-hint" id={`${field}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${field}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's fields: email and password to sign in; with username, full name and confirmation to sign up. */
export function AuthFields({
  isSignup,
  form,
  errors,
  update,
}: {
  isSignup: boolean;
  form: RegisterRequest;
  errors: SignupErrors;
  update: (field: Field) => (value: string) => void;
}) {
  // Rules and field errors are sign-up's: signing in says what is wrong in one sentence above the form.
  const notes = (field: Field) => (isSignup ? { hint: SIGNUP_RULES[field], error: errors[field] } : {});
  return (
    <>
      {/* Issue 43: a contest package's team signs in with its username in the same field. */}
      <TextField
        field="email"
        label={isSignup ? 'Email' : ContestPackageUiMessages.signInIdentifier}
        type={isSignup ? 'email' : 'text'}
        autoComplete={isSignup ? 'email' : 'username'}
        value={form.email}
        onChange={update('email')}
        {...notes('email')}
      />
      {isSignup && (
        <>
          <TextField
            field="username"
            label="Username"
            autoComplete="username"
            value={form.username}
            onChange={update('username')}
            {...notes('username')}
          />
          <TextField
            field="fullName"
            label="Full Name"
            autoComplete="name"
            value={form.fullName}
            onChange={update('fullName')}
            {...notes('fullName')}
          />
        </>
      )}
      <PasswordInput
        id="password"
        label="Password"
        value={form.password}
        onChange={update('password')}
        autoComplete={isSignup ? 'new-password' : 'current-password'}
        {...notes('password')}
      />
      {isSignup && (
        <PasswordInput
          id="confirmPassword"
          label="Confirm Password"
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          autoComplete="new-password"
          {...notes('confirmPassword')}
        />
      )}
    </>
  );
}
