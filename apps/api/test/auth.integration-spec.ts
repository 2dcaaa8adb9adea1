import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, startApp, TestApp, unique } from './support/app';
import { startSmtp, tokenFromMail } from './support/smtp';

function registration(overrides: Record<string, unknown> = {}) {
  const name = unique();
  return {
    email: `${name}@example.com`,
    username: name,
    fullName: `Full ${name}`,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    ...overrides,
  };
}

describe('auth with email verification (real SMTP)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startApp({ MAIL_URL: smtp.url, EMAIL_VERIFICATION: 'true' });
    await resetDatabase(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('registers without a token, mails a link, and the link verifies the account once', async () => {
    const body = registration();
    const reg = await t.http.post('/api/auth/register').send(body).expect(201);
    expect(reg.body.requiresVerification).toBe(true);
    expect(reg.body.token).toBeUndefined();

    const blocked = await t.http.post('/api/auth/login').send({ email: body.email, password: body.password });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe('Please verify your email');

    const token = tokenFromMail(smtp.mails, body.email, 'verify-email');
    const verified = await t.http.post('/api/auth/verify-email').send({ token }).expect(200);
    expect(verified.body.success).toBe(true);
    expect(typeof verified.body.token).toBe('string');

    // Issue 45: the link opened again says the account is verified (409), signs nobody in, and is no failure.
    const reused = await t.http.post('/api/auth/verify-email').send({ token });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('This email is already verified. Sign in to continue.');
    expect(reused.body.token).toBeUndefined();
    // An unknown token is still refused as before.
    const unknown = await t.http.post('/api/auth/verify-email').send({ token: `${token}x` });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Invalid or expired verification token');

    const login = await t.http
      .post('/api/auth/login')
      .send({ email: body.email, password: body.password })
      .expect(200);
    const me = await t.http.get('/api/auth/me').set(bearer(login.body.token)).expect(200);
    expect(me.body.user).toMatchObject({
      email: body.email,
      username: body.username,
      isAdmin: false,
      isSuperAdmin: false,
    });
    expect(me.body.roles).toEqual([]);
  });

  it('resend-verification mails a new link and the older one stops working', async () => {
    const body = registration();
    await t.http.post('/api/auth/register').send(body).expect(201);
    const first = tokenFromMail(smtp.mails, body.email, 'verify-email');
    const resent = await t.http.post('/api/auth/resend-verification').send({ email: body.email }).expect(200);
    expect(resent.body.message).toBe('Verification email sent successfully! Please check your inbox.');
    const second = tokenFromMail(smtp.mails, body.email, 'verify-email');
    expect(second).not.toBe(first);
    await t.http.post('/api/auth/verify-email').send({ token: first }).expect(400);
    await t.http.post('/api/auth/verify-email').send({ token: second }).expect(200);
  });

  it('forgot-password mails a reset link; the reset works once and the new password signs in', async () => {
    const user = await seedUser(t);
    const res = await t.http
      .post('/api/auth/forgot-password')
      .send({ email: user.email.toUpperCase() })
      .expect(200);
    expect(res.body.message).toBe('If the email exists, a password reset link has been sent...');
    const token = tokenFromMail(smtp.mails, user.email, 'reset-password');

    const short = await t.http.post('/api/auth/reset-password').send({ token, newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 6 characters long');

    await t.http.post('/api/auth/reset-password').send({ token, newPassword: 'brand-new-pass' }).expect(200);
    const reused = await t.http.post('/api/auth/reset-password').send({ token, newPassword: 'another-pass' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('Invalid or missing reset token');

    await t.http.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);
    await t.http.post('/api/auth/login').send({ email: user.email, password: 'brand-new-pass' }).expect(200);
  });

  it('answers forgot-password for an unknown email the same way and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await t.http
      .post('/api/auth/forgot-password')
      .send({ email: 'nobody-here@example.com' })
      .expect(200);
    expect(res.body.message).toBe('If the email exists, a password reset link has been sent...');
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses an expired reset token', async () => {
    const user = await seedUser(t);
    await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const token = tokenFromMail(smtp.mails, user.email, 'reset-password');
    await t.db.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    const res = await t.http.post('/api/auth/reset-password').send({ token, newPassword: 'whatever-pass' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid or missing reset token');
  });

  it('refuses an expired verification token', async () => {
    const body = registration();
    await t.http.post('/api/auth/register').send(body).expect(201);
    const token = tokenFromMail(smtp.mails, body.email, 'verify-email');
    await t.db.query(
      `UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [body.email],
    );
    await t.http.post('/api/auth/verify-email').send({ token }).expect(400);
  });

  it('stores tokens only as hashes', async () => {
    const user = await seedUser(t);
    await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const token = tokenFromMail(smtp.mails, user.email, 'reset-password');
    const rows = await t.db.query(`SELECT token_hash FROM auth_tokens WHERE user_id = $1`, [user.id]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);
  });

  it('send-password-reset mails the signed-in user', async () => {
    const user = await seedUser(t);
    await t.http.post('/api/auth/send-password-reset').expect(401);
    const res = await t.http.post('/api/auth/send-password-reset').set(bearer(user.token)).expect(200);
    expect(res.body.message).toBe('Password reset link sent to your email');
    expect(tokenFromMail(smtp.mails, user.email, 'reset-password')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });
});

describe('auth without email verification', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ EMAIL_VERIFICATION: 'false' });
  });
  afterAll(() => t.close());

  it('registers and returns a token that loads the user', async () => {
    const body = registration();
    const reg = await t.http.post('/api/auth/register').send(body).expect(201);
    expect(reg.body.requiresVerification).toBe(false);
    const me = await t.http.get('/api/auth/me').set(bearer(reg.body.token)).expect(200);
    expect(me.body.user.email).toBe(body.email);
    expect(me.body.user.id).toBe(me.body.user._id);
  });

  it('refuses a duplicate email, also differing only in case', async () => {
    const body = registration();
    await t.http.post('/api/auth/register').send(body).expect(201);
    const again = await t.http
      .post('/api/auth/register')
      .send(registration({ email: body.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      error: 'User already exists',
      message: 'User already exists',
    });
  });

  it('refuses a duplicate username, also differing only in case', async () => {
    const body = registration();
    await t.http.post('/api/auth/register').send(body).expect(201);
    const again = await t.http
      .post('/api/auth/register')
      .send(registration({ username: body.username.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Username is already taken');
  });

  it('lets exactly one of two simultaneous registrations with one email through', async () => {
    const email = `${unique()}@example.com`;
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.http.post('/api/auth/register').send(registration({ email }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const [{ count }] = await t.db.query(
      `SELECT count(*)::int AS count FROM users WHERE lower(email) = lower($1)`,
      [email],
    );
    expect(count).toBe(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email must be a valid email address'],
    [{ password: '123', confirmPassword: '123' }, 'Password must be at least 6 characters long'],
    [{ confirmPassword: 'different-pass' }, 'Passwords do not match'],
    [{ username: 'ab' }, 'username must be at least 3 characters long'],
    [{ username: 'bad name!' }, 'username may contain only letters, digits, dot, dash and underscore'],
    [{ fullName: '   ' }, 'fullName is required'],
    [{ email: undefined }, 'email must be a valid email address'],
    [{ isAdmin: true }, 'property isAdmin should not exist'],
  ])('rejects registration %j with 400 "%s"', async (overrides, message) => {
    const res = await t.http.post('/api/auth/register').send(registration(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.statusCode).toBe(400);
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const user = await seedUser(t);
    const wrong = await t.http
      .post('/api/auth/login')
      .send({ email: user.email, password: 'wrong-password' });
    const unknown = await t.http
      .post('/api/auth/login')
      .send({ email: 'ghost@example.com', password: 'whatever' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid credentials');
    expect(unknown.body.error).toBe('Invalid credentials');
  });

  it('signs in case-insensitively by email, and manual-login behaves as login', async () => {
    const user = await seedUser(t);
    await t.http
      .post('/api/auth/login')
      .send({ email: user.email.toUpperCase(), password: user.password })
      .expect(200);
    const manual = await t.http
      .post('/api/auth/manual-login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    await t.http.get('/api/auth/me').set(bearer(manual.body.token)).expect(200);
    await t.http
      .post('/api/auth/manual-login')
      .send({ email: user.email, password: 'nope-nope' })
      .expect(401);
  });

  it('answers 401 on /me without a token, with a bad token, and with an expired one', async () => {
    expect((await t.http.get('/api/auth/me')).status).toBe(401);
    const bad = await t.http.get('/api/auth/me').set(bearer('not.a.jwt'));
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('Unauthorized');
    const user = await seedUser(t);
    const { JwtService } = await import('@nestjs/jwt');
    const expired = new JwtService({ secret: t.env.jwtSecret }).sign({ sub: user.id }, { expiresIn: -10 });
    expect((await t.http.get('/api/auth/me').set(bearer(expired))).status).toBe(401);
    const forged = new JwtService({ secret: 'another-secret-entirely-123' }).sign({ sub: user.id });
    expect((await t.http.get('/api/auth/me').set(bearer(forged))).status).toBe(401);
    // Only HS256 is accepted: the right secret under another algorithm, or no signature at all, is refused.
    const signer = new JwtService({ secret: t.env.jwtSecret, signOptions: { expiresIn: 3600 } });
    const good = signer.sign({ sub: user.id });
    expect((await t.http.get('/api/auth/me').set(bearer(good))).status).toBe(200);
    const hs512 = signer.sign({ sub: user.id }, { algorithm: 'HS512' });
    expect((await t.http.get('/api/auth/me').set(bearer(hs512))).status).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${good.split('.')[1]}.`;
    expect((await t.http.get('/api/auth/me').set(bearer(unsigned))).status).toBe(401);
  });

  it('a token verified before is still refused from the second its exp passes (the verified tokens are kept until then)', async () => {
    const user = await seedUser(t);
    const { JwtService } = await import('@nestjs/jwt');
    const shortLived = new JwtService({ secret: t.env.jwtSecret }).sign({ sub: user.id }, { expiresIn: 2 });
    const { exp } = JSON.parse(Buffer.from(shortLived.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    expect((await t.http.get('/api/auth/me').set(bearer(shortLived))).status).toBe(200);
    expect((await t.http.get('/api/auth/me').set(bearer(shortLived))).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 50));
    const after = await t.http.get('/api/auth/me').set(bearer(shortLived));
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('Unauthorized');
  });

  it('rejects reset-password without a token and verify-email without a token', async () => {
    const reset = await t.http.post('/api/auth/reset-password').send({ newPassword: 'long-enough' });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe('Invalid or missing reset token');
    const verify = await t.http.post('/api/auth/verify-email').send({});
    expect(verify.status).toBe(400);
    expect(verify.body.error).toBe('token is required');
    const forgot = await t.http.post('/api/auth/forgot-password').send({});
    expect(forgot.status).toBe(400);
    expect(forgot.body.error).toBe('email must be a valid email address');
  });
});

describe('create-super-admin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ EMAIL_VERIFICATION: 'true' });
    await resetDatabase(t.db);
  });
  afterAll(() => t.close());

  const payload = () => {
    const name = unique('root');
    return {
      email: `${name}@example.com`,
      password: 'root-pass',
      username: name,
      fullName: 'Root User',
      role: 'super_admin',
    };
  };

  it('validates the payload', async () => {
    const res = await t.http.post('/api/auth/create-super-admin').send({ ...payload(), role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('role must be super_admin');
  });

  it('creates exactly one super admin under concurrent calls and refuses every later one with 403', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => t.http.post('/api/auth/create-super-admin').send(payload())),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    const created = results.find((r) => r.status === 201)!;
    expect(created.body.user.isSuperAdmin).toBe(true);
    const me = await t.http.get('/api/auth/me').set(bearer(created.body.token)).expect(200);
    expect(me.body.roles).toEqual(['super_admin']);
    expect(me.body.user.isAdmin).toBe(true);

    const later = await t.http.post('/api/auth/create-super-admin').send(payload());
    expect(later.status).toBe(403);
    expect(later.body.error).toBe('A super admin already exists');
  });
});

describe('rate limits (Redis-backed)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ RATE_LIMIT_DISABLED: 'false' });
    const Redis = (await import('ioredis')).default;
    const redis = new Redis(t.env.redisUrl);
    const keys = await redis.keys('rl:*');
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after ten failed logins for one account', async () => {
    const email = `${unique()}@example.com`;
    for (let i = 0; i < 10; i++) {
      expect((await t.http.post('/api/auth/login').send({ email, password: 'wrong-pass' })).status).toBe(401);
    }
    const limited = await t.http.post('/api/auth/login').send({ email, password: 'wrong-pass' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.body.error).toBe('Too many requests, please try again later');
  });
});
