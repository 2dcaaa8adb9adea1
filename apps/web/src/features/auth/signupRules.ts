import {
  AccountMessages,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@javelin/contracts';
import { Messages } from '../../lib/messages';
import type { RegisterRequest } from './authApi';

export const EMPTY_SIGNUP: RegisterRequest = {
  email: '',
  username: '',
  fullName: '',
  password: '',
  confirmPassword: '',
};

/** Spec §5: every signup field is required and the passwords must match. */
export function validateSignup(form: RegisterRequest): string | null {
  if (
    !form.email.trim() ||
    !form.username.trim() ||
    !form.fullName.trim() ||
    !form.password ||
    !form.confirmPassword
  ) {
    return 'Please fill in all fields';
  }
  if (form.password !== form.confirmPassword) return Messages.passwordsDoNotMatch;
  return null;
}

export type SignupErrors = Partial<Record<keyof RegisterRequest, string>>;

const FIELD_LABELS: Record<keyof RegisterRequest, string> = {
  email: 'Email',
  username: 'Username',
  fullName: 'Full Name',
  password: 'Password',
  confirmPassword: 'Confirm Password',
};

/** The rule of each sign-up field, shown under it from the start (the server's own limits). */
export const SIGNUP_RULES: Partial<Record<keyof RegisterRequest, string>> = {
  username: AccountMessages.usernameRule,
  password: AccountMessages.passwordRule,
  confirmPassword: AccountMessages.confirmRule,
};

/** Every sign-up field checked at once, by the rules the server applies; empty when all are fine. */
export function signupErrors(form: RegisterRequest): SignupErrors {
  const errors: SignupErrors = {};
  for (const field of Object.keys(FIELD_LABELS) as (keyof RegisterRequest)[]) {
    if (!form[field].trim()) errors[field] = AccountMessages.fieldRequired(FIELD_LABELS[field]);
  }
  const email = form.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = AccountMessages.emailInvalid;
  const username = form.username.trim();
  if (
    username &&
    (username.length < USERNAME_MIN_LENGTH ||
      username.length > USERNAME_MAX_LENGTH ||
      !USERNAME_PATTERN.test(username))
  )
    errors.username = AccountMessages.usernameRule;
  if (form.fullName.trim().length > FULL_NAME_MAX_LENGTH)
    errors.fullName = `Full Name must be at most ${FULL_NAME_MAX_LENGTH} characters`;
  if (form.password && form.password.length < PASSWORD_MIN_LENGTH)
    errors.password = Messages.passwordTooShort;
  if (form.confirmPassword && form.password !== form.confirmPassword)
    errors.confirmPassword = Messages.passwordsDoNotMatch;
  return errors;
}

/** The one sentence above the form: the only problem's, else how many fields need fixing. */
export function signupSummary(errors: SignupErrors): string | null {
  const messages = Object.values(errors);
  if (messages.length === 0) return null;
  return messages.length === 1 ? messages[0] : AccountMessages.fixFields(messages.length);
}
