import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthPage } from './AuthPage';
import { VerifyEmailPage } from './VerifyEmailPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { mockApi, renderRoute, sampleUser } from '../../test/utils';
import { AUTH_TOKEN_KEY } from '../../lib/token';
import { Messages } from '../../lib/messages';
import { storeAuthError, takeStoredAuthError } from './authErrors';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const authRoutes = (element = <AuthPage />) => [
  { path: '/auth', element },
  { path: '/login', element },
  { path: '/signup', element },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];

async function fillSignup(user: ReturnType<typeof userEvent.setup>, confirm = 'secret1') {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
}

describe('auth screen', () => {
  it('chooses login or signup from the path', () => {
    mockApi({ 'GET /auth/config': { body: { githubEnabled: false } } });
    renderRoute(authRoutes(), { url: '/login' });
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('signup asks for username, full name and a confirmation, and refuses different passwords', async () => {
    const { calls } = mockApi({ 'GET /auth/config': { body: { githubEnabled: false } } });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/signup' });
    await fillSignup(user, 'other12');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls.some((c) => c.path === '/auth/register')).toBe(false);
  });

  it('tells the user to check their email when registration needs verification, storing no token', async () => {
    const { calls } = mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/register': { status: 201, body: { requiresVerification: true } },
    });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/signup' });
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(Messages.checkEmail)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(calls.find((c) => c.path === '/auth/register')?.body).toEqual({
      email: 'ada@example.com',
      username: 'ada',
      fullName: 'Ada Lovelace',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
  });

  it('clears the signup error on typing only once it has been shown for 2 seconds', async () => {
    mockApi({ 'GET /auth/config': { body: { githubEnabled: false } } });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/signup' });
    await fillSignup(user, 'other12');
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    now += 1_500;
    await user.type(screen.getByLabelText('Username'), 'x');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    now += 600;
    await user.type(screen.getByLabelText('Username'), 'y');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    clock.mockRestore();
  });

  it("maps 'User already exists' to the spec's sentence", async () => {
    mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/register': {
        status: 409,
        body: { statusCode: 409, error: 'User already exists', message: 'Conflict' },
      },
    });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/signup' });
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Account already exists with this email address',
    );
  });

  it("shows 'Invalid email or password' for bad credentials and stays on the page", async () => {
    mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/login': {
        status: 401,
        body: { statusCode: 401, error: 'Invalid credentials', message: 'Unauthorized' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute(authRoutes(), { url: '/login' });
    await user.type(screen.getByLabelText('Email or username'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stores the token, loads the user and goes to the dashboard on sign in', async () => {
    mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/login': { body: { token: 'jwt-1' } },
      'GET /auth/me': { body: { user: sampleUser, roles: [] } },
    });
    const user = userEvent.setup();
    const { store } = renderRoute(authRoutes(), { url: '/auth' });
    await user.type(screen.getByLabelText('Email or username'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('jwt-1');
    expect(store.getState().auth.user?.email).toBe('ada@example.com');
  });

  it("signs a contest package's team in with its username in the 'Email or username' field (issue 43)", async () => {
    const { calls } = mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/login': { body: { token: 'jwt-team' } },
      'GET /auth/me': { body: { user: { ...sampleUser, username: 'team07' }, roles: [] } },
    });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/login' });
    const field = screen.getByLabelText('Email or username');
    expect(field).toHaveAttribute('type', 'text');
    await user.type(field, 'team07');
    await user.type(screen.getByLabelText('Password'), 'pw-team-7');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      email: 'team07',
      password: 'pw-team-7',
    });
  });

  it('toggles password visibility', async () => {
    mockApi({ 'GET /auth/config': { body: { githubEnabled: false } } });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/login' });
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('shows the GitHub and Google buttons only when configured', async () => {
    mockApi({ 'GET /auth/config': { body: { githubEnabled: true, googleClientId: 'cid' } } });
    renderRoute(authRoutes(), { url: '/login' });
    expect(await screen.findByRole('link', { name: 'Sign in with GitHub' })).toHaveAttribute(
      'href',
      '/api/auth/github',
    );
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('reports an OAuth return error', async () => {
    mockApi({ 'GET /auth/config': { body: { githubEnabled: true } } });
    renderRoute(authRoutes(), { url: '/auth?error=access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent('OAuth login failed: access_denied');
  });

  it('signs in with the token of an OAuth return', async () => {
    mockApi({
      'GET /auth/config': { body: { githubEnabled: true } },
      'GET /auth/me': { body: { user: sampleUser, roles: [] } },
    });
    renderRoute(authRoutes(), { url: '/auth?token=oauth-jwt&success=true' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('oauth-jwt');
  });

  it('requests a reset link from the forgot-password modal', async () => {
    const { calls } = mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/forgot-password': { body: { message: 'ok' } },
    });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/login' });
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = screen.getByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(dialog).toHaveTextContent('Email is required');
    await user.type(screen.getByLabelText('Email', { selector: '#forgot-email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(Messages.resetLinkMaybeSent)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/forgot-password')?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('forgot-password modal keyboard use', () => {
  it('focuses the email field, keeps Tab inside the dialog and closes on Escape', async () => {
    mockApi({ 'GET /auth/config': { body: { githubEnabled: false } } });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/login' });
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveAttribute('id', 'forgot-email');
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('stored auth error', () => {
  it('expires after 10 seconds', () => {
    storeAuthError('OAuth login failed: x', 1_000);
    expect(takeStoredAuthError(10_999)).toBe('OAuth login failed: x');
    storeAuthError('OAuth login failed: x', 1_000);
    expect(takeStoredAuthError(11_001)).toBeNull();
  });
});

describe('verify email page', () => {
  it('shows the resend form without a token and confirms a resend', async () => {
    mockApi({ 'POST /auth/resend-verification': { body: { message: 'sent' } } });
    const user = userEvent.setup();
    renderRoute(<VerifyEmailPage />, { url: '/verify-email', path: '/verify-email' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText(Messages.resendSucceeded)).toBeInTheDocument();
  });

  it('verifies the token and offers Go to Login', async () => {
    const { calls } = mockApi({ 'POST /auth/verify-email': { body: { message: 'Email verified' } } });
    const user = userEvent.setup();
    const { router } = renderRoute(<VerifyEmailPage />, {
      url: '/verify-email?token=abc',
      path: '/verify-email',
    });
    await user.click(await screen.findByRole('button', { name: 'Go to Login' }));
    expect(router.state.location.pathname).toBe('/auth');
    expect(calls.filter((c) => c.path === '/auth/verify-email')).toHaveLength(1);
    expect(calls[0].body).toEqual({ token: 'abc' });
  });

  it('issue 45: a used link of a verified account says it is verified, not that verification failed', async () => {
    mockApi({
      'POST /auth/verify-email': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'This email is already verified. Sign in to continue.',
          message: 'x',
        },
      },
    });
    renderRoute(<VerifyEmailPage />, { url: '/verify-email?token=used', path: '/verify-email' });
    expect(await screen.findByText('This email is already verified. Sign in to continue.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByText(/Verification failed/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it("shows 'Verification failed' and Try Again on a bad token", async () => {
    mockApi({
      'POST /auth/verify-email': {
        status: 400,
        body: { statusCode: 400, error: 'Invalid or expired verification token', message: 'x' },
      },
    });
    renderRoute(<VerifyEmailPage />, { url: '/verify-email?token=bad', path: '/verify-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification failed');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  it('reports a missing token', () => {
    mockApi({});
    renderRoute(<ResetPasswordPage />, { url: '/reset-password', path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or missing reset token');
  });

  it('validates length and match, then resets', async () => {
    const { calls } = mockApi({ 'POST /auth/reset-password': { body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderRoute(<ResetPasswordPage />, { url: '/reset-password?token=t1', path: '/reset-password' });
    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(Messages.resetSucceeded)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({
        token: 't1',
        newPassword: 'abcdef',
      }),
    );
  });
});

describe('accounts that remember (issue 30)', () => {
  it('shows the rules up front and every field problem at once', async () => {
    const { calls } = mockApi({ 'GET /auth/config': { body: { githubEnabled: false } } });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/signup' });
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/letters, digits/);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Username'), 'a!');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the 5 highlighted fields');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/like name@example.com/);
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Full Name is required');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(Messages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/register')).toBe(false);
    await user.type(screen.getByLabelText('Full Name'), 'A');
    expect(screen.getByLabelText('Full Name')).not.toHaveAttribute('aria-invalid');
  });

  it('names the address the verification mail went to and leaves no emptied form', async () => {
    mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/register': { status: 201, body: { requiresVerification: true } },
    });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/signup' });
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('We sent a verification link to ada@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("offers 'Resend verification email' in place when the account is not verified", async () => {
    const { calls } = mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/login': {
        status: 401,
        body: { statusCode: 401, error: 'Please verify your email', message: 'Unauthorized' },
      },
      'POST /auth/resend-verification': { body: { message: 'sent' } },
    });
    const user = userEvent.setup();
    renderRoute(authRoutes(), { url: '/login' });
    await user.type(screen.getByLabelText('Email or username'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.verifyBeforeLogin);
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('A new verification link was sent to ada@example.com.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/resend-verification')?.body).toEqual({
      email: 'ada@example.com',
    });
  });
});
