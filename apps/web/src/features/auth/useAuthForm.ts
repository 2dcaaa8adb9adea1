import { AccountMessages, ContestPackageUiMessages } from '@javelin/contracts';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { Messages } from '../../lib/messages';
import {
  useLoginMutation,
  useRegisterMutation,
  useResendVerificationMutation,
  type RegisterRequest,
} from './authApi';
import {
  EmailVerificationRequired,
  SIGNUP_ERROR_CLEAR_DELAY_MS,
  loginErrorMessage,
  registrationErrorMessage,
  takeStoredAuthError,
} from './authErrors';
import { signIn } from './authSlice';
import { returnPath } from './SignInLink';
import { EMPTY_SIGNUP, signupErrors, signupSummary, type SignupErrors } from './signupRules';
import type { AuthMode } from './AuthPage';

/** The sentences above the form: one error (kept from an OAuth return across a reload) and one notice. */
function useAuthMessages() {
  const [error, setError] = useState<string | null>(() => takeStoredAuthError());
  const errorShownAt = useRef<number>(error ? Date.now() : 0);
  const [notice, setNotice] = useState<string | null>(null);
  const showError = useCallback((message: string) => {
    errorShownAt.current = Date.now();
    setError(message);
  }, []);
  return { error, setError, errorShownAt, notice, setNotice, showError };
}

/** Signs in with a token and returns to the page the visitor came from (a SignInLink's state). */
function useFinishSignIn(showError: (message: string) => void) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (token: string) => {
      try {
        await dispatch(signIn(token)).unwrap();
        navigate(returnPath(location.state));
      } catch {
        showError(Messages.loginFailed);
      }
    },
    [dispatch, navigate, showError, location.state],
  );
}

/** The sign-in / sign-up form: its values, field errors, submit, and an unverified account's resend. */
export function useAuthForm(mode: AuthMode) {
  const messages = useAuthMessages();
  const { showError, setError, setNotice } = messages;
  const finishSignIn = useFinishSignIn(showError);
  const [form, setForm] = useState<RegisterRequest>(EMPTY_SIGNUP);
  const [fieldErrors, setFieldErrors] = useState<SignupErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const [resend, { isLoading: resending }] = useResendVerificationMutation();

  const update = (field: keyof RegisterRequest) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (fieldErrors[field]) setFieldErrors(({ [field]: _fixed, ...rest }) => rest);
    const shownFor = Date.now() - messages.errorShownAt.current;
    if (messages.error && mode === 'signup' && shownFor >= SIGNUP_ERROR_CLEAR_DELAY_MS) setError(null);
  };
  const submitLogin = async () => {
    if (!form.email.trim() || !form.password) return showError(ContestPackageUiMessages.signInMissing);
    try {
      const { token } = await login({ email: form.email.trim(), password: form.password }).unwrap();
      await finishSignIn(token);
    } catch (err) {
      const message = loginErrorMessage(err);
      showError(message);
      // An unverified account can ask for a new link right here, with the address it typed.
      if (message === Messages.verifyBeforeLogin) setUnverifiedEmail(form.email.trim());
    }
  };
  const submitSignup = async () => {
    const errors = signupErrors(form);
    setFieldErrors(errors);
    const invalid = signupSummary(errors);
    if (invalid) return showError(invalid);
    try {
      const result = await register({ ...form, email: form.email.trim() }).unwrap();
      if (result.requiresVerification || !result.token) throw new EmailVerificationRequired();
      await finishSignIn(result.token);
    } catch (err) {
      if (!(err instanceof EmailVerificationRequired)) return showError(registrationErrorMessage(err));
      setNotice(Messages.checkEmail);
      setSentTo(form.email.trim());
      setForm(EMPTY_SIGNUP);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    setUnverifiedEmail(null);
    await (mode === 'login' ? submitLogin() : submitSignup());
  };
  const onResend = async () => {
    if (!unverifiedEmail) return;
    try {
      await resend({ email: unverifiedEmail }).unwrap();
      setError(null);
      setNotice(AccountMessages.verificationResentTo(unverifiedEmail));
      setUnverifiedEmail(null);
    } catch (err) {
      showError(errorMessage(err, Messages.resendFailed));
    }
  };
  return {
    ...messages,
    finishSignIn,
    form,
    fieldErrors,
    update,
    submit,
    busy: loggingIn || registering,
    sentTo,
    clearSentTo: () => setSentTo(null),
    unverifiedEmail,
    resending,
    onResend,
  };
}
