import { generateKeyPair, SignJWT } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthMessages } from '@javelin/contracts';
import { bearer, resetDatabase, seedUser, startApp, TestApp, unique } from './support/app';
import { deadUrl, FakeGitHub, GitHubAccount, startFakeGitHub } from './support/fake-github';

const GOOGLE_CLIENT_ID = 'javelin-test.apps.googleusercontent.com';
const PUBLIC_URL = 'http://localhost:3000';

interface GoogleClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
  aud?: string;
  iss?: string;
}

async function countUsers(t: TestApp, email: string): Promise<number> {
  const [row] = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)`, [
    email,
  ]);
  return row.n;
}

async function identities(t: TestApp, provider: string, providerUserId: string) {
  return t.db.query(
    `SELECT user_id, email FROM oauth_identities WHERE provider = $1 AND provider_user_id = $2`,
    [provider, providerUserId],
  ) as Promise<{ user_id: string; email: string }[]>;
}

async function me(t: TestApp, token: string) {
  const res = await t.http.get('/api/auth/me').set(bearer(token)).expect(200);
  return res.body.user as {
    id: string;
    email: string;
    username: string;
    fullName: string;
    emailVerified: boolean;
  };
}

/** A verified local account with a password, as registration + email verification would leave it. */
async function localUser(
  t: TestApp,
  overrides: { email?: string; username?: string; verified?: boolean } = {},
) {
  const name = unique();
  const email = overrides.email ?? `${name}@example.com`;
  const [row] = await t.db.query(
    `INSERT INTO users (email, username, full_name, password_hash, email_verified) VALUES ($1, $2, $3, 'x', $4) RETURNING id`,
    [email, overrides.username ?? name, `Local ${name}`, overrides.verified ?? true],
  );
  await t.db.query(`INSERT INTO profiles (user_id) VALUES ($1)`, [row.id]);
  return { id: row.id as string, email };
}

describe('Google sign-in against an OIDC server on loopback', () => {
  let t: TestApp;
  let oidc: OAuth2Server;
  let issuer: string;

  /** An ID token signed by the mock issuer's key, for our client id, with the given claims on top. */
  function idToken(claims: GoogleClaims = {}, expiresIn = 3600): Promise<string> {
    const name = unique('g');
    return oidc.issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, {
          aud: GOOGLE_CLIENT_ID,
          sub: `google-${name}`,
          email: `${name}@gmail.test`,
          email_verified: true,
          name: `Grace ${name}`,
          ...claims,
        });
      },
    });
  }

  const signIn = (credential: string, userInfo: Record<string, string> = {}) =>
    t.http.post('/api/auth/google').send({ provider: 'google', accessToken: credential, userInfo });

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    issuer = oidc.issuer.url!;
    t = await startApp({
      GOOGLE_CLIENT_ID,
      GOOGLE_ISSUERS: issuer,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
    });
    await resetDatabase(t.db);
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });

  it('signs in a new user from a signed ID token; the token works on /api/auth/me', async () => {
    const config = await t.http.get('/api/auth/config').expect(200);
    expect(config.body.googleClientId).toBe(GOOGLE_CLIENT_ID);

    const credential = await idToken({
      sub: 'google-ada',
      email: 'Ada.Lovelace@gmail.test',
      name: 'Ada Lovelace',
    });
    const res = await signIn(credential, {
      id: 'google-ada',
      email: 'Ada.Lovelace@gmail.test',
      name: 'Ada Lovelace',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, token: expect.any(String) });

    const user = await me(t, res.body.token);
    expect(user).toMatchObject({
      email: 'Ada.Lovelace@gmail.test',
      username: 'Ada_Lovelace',
      fullName: 'Ada Lovelace',
      emailVerified: true,
    });
    const [row] = await t.db.query(
      `SELECT u.password_hash, p.rating FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
      [user.id],
    );
    expect(row).toEqual({ password_hash: null, rating: 1500 });
    expect(await identities(t, 'google', 'google-ada')).toEqual([
      { user_id: user.id, email: 'Ada.Lovelace@gmail.test' },
    ]);

    // The same Google account signs in as the same user again, without a second account.
    const again = await signIn(await idToken({ sub: 'google-ada', email: 'Ada.Lovelace@gmail.test' })).expect(
      200,
    );
    expect((await me(t, again.body.token)).id).toBe(user.id);
    expect(await countUsers(t, 'ada.lovelace@gmail.test')).toBe(1);
  });

  it('a provider name another account holds, or one with hidden characters, becomes a name of its own (issue 47)', async () => {
    const shared = `Grace Hopper ${unique()}`;
    const first = await signIn(await idToken({ name: shared })).expect(200);
    const second = await signIn(await idToken({ name: `\u202E${shared.toUpperCase()}\u200B` })).expect(200);
    const [a, b] = [await me(t, first.body.token), await me(t, second.body.token)];
    expect(a.fullName).toBe(shared);
    expect(b.fullName).toBe(`${shared.toUpperCase()} (${b.username})`);
  });

  it('refuses a token signed by another key under the real key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = oidc.issuer.keys.get()!.kid;
    const forged = await new SignJWT({ email: 'mallory@gmail.test', email_verified: true, name: 'Mallory' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience(GOOGLE_CLIENT_ID)
      .setSubject('google-mallory')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const res = await signIn(forged);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: OAuthMessages.googleTokenInvalid });
    expect(await countUsers(t, 'mallory@gmail.test')).toBe(0);
  });

  it('refuses a token issued for another application', async () => {
    const res = await signIn(
      await idToken({ aud: 'someone-else.apps.googleusercontent.com', email: 'aud@gmail.test' }),
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: OAuthMessages.googleWrongAudience });
    expect(await countUsers(t, 'aud@gmail.test')).toBe(0);
  });

  it('refuses an expired token', async () => {
    const res = await signIn(await idToken({ email: 'late@gmail.test' }, -3600));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: OAuthMessages.googleTokenExpired });
    expect(await countUsers(t, 'late@gmail.test')).toBe(0);
  });

  it('refuses a token from an issuer that is not configured, though signed with a trusted key', async () => {
    const res = await signIn(await idToken({ iss: 'https://accounts.evil.test', email: 'iss@gmail.test' }));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: OAuthMessages.googleWrongIssuer });
    expect(await countUsers(t, 'iss@gmail.test')).toBe(0);
  });

  it('refuses garbage in place of a token with 401 and a malformed body with 400', async () => {
    const garbage = await signIn('not-a-jwt');
    expect(garbage.status).toBe(401);
    expect(garbage.body).toMatchObject({ success: false, error: OAuthMessages.googleTokenInvalid });

    const missing = await t.http.post('/api/auth/google').send({ provider: 'google', userInfo: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('accessToken is required');
    const otherProvider = await t.http
      .post('/api/auth/google')
      .send({ provider: 'facebook', accessToken: 'x' });
    expect(otherProvider.status).toBe(400);
    expect(otherProvider.body.error).toBe('provider must be google');
    const badUserInfo = await t.http
      .post('/api/auth/google')
      .send({ provider: 'google', accessToken: 'x', userInfo: 'admin@example.com' });
    expect(badUserInfo.status).toBe(400);
  });

  it("ignores a tampered userInfo: the account gets the token's email, and the victim's account is untouched", async () => {
    const victim = await seedUser(t);
    const credential = await idToken({ sub: 'google-eve', email: 'eve@gmail.test', name: 'Eve' });
    const res = await signIn(credential, { id: 'google-eve', email: victim.email, name: 'Victim' }).expect(
      200,
    );

    const user = await me(t, res.body.token);
    expect(user.id).not.toBe(victim.id);
    expect(user.email).toBe('eve@gmail.test');
    expect(user.fullName).toBe('Eve');
    expect(await identities(t, 'google', 'google-eve')).toEqual([
      { user_id: user.id, email: 'eve@gmail.test' },
    ]);
    expect(await t.db.query(`SELECT 1 FROM oauth_identities WHERE user_id = $1`, [victim.id])).toEqual([]);
  });

  it('links a new Google identity to the account that owns its verified email', async () => {
    const local = await seedUser(t);
    const res = await signIn(
      await idToken({ sub: 'google-linked', email: local.email.toUpperCase() }),
    ).expect(200);
    expect((await me(t, res.body.token)).id).toBe(local.id);
    expect(await identities(t, 'google', 'google-linked')).toEqual([
      { user_id: local.id, email: local.email.toUpperCase() },
    ]);
    // The password still works: linking a verified account changes nothing else.
    await t.http.post('/api/auth/login').send({ email: local.email, password: local.password }).expect(200);
  });

  it('never links or creates an account for an unverified Google email', async () => {
    const local = await seedUser(t);
    for (const email of [local.email, 'unverified-new@gmail.test']) {
      const sub = unique('google-unverified-');
      const res = await signIn(await idToken({ sub, email, email_verified: false }));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: OAuthMessages.unverifiedEmail('Google') });
      expect(await identities(t, 'google', sub)).toEqual([]);
    }
    expect(await countUsers(t, local.email)).toBe(1);
    expect(await countUsers(t, 'unverified-new@gmail.test')).toBe(0);
  });

  it('gives a new user a unique username derived from the name, with a numeric suffix on collision', async () => {
    await localUser(t, { username: 'zoe_obrien' });
    await localUser(t, { username: 'Zoe_OBrien2' });
    const res = await signIn(await idToken({ name: 'Zoë  O’Brien!', email: 'zoe@gmail.test' })).expect(200);
    expect((await me(t, res.body.token)).username).toBe('Zoe_O_Brien');
    const clash = await signIn(await idToken({ name: 'zoe_obrien', email: 'zoe2@gmail.test' })).expect(200);
    expect((await me(t, clash.body.token)).username).toBe('zoe_obrien3');
    const short = await signIn(await idToken({ name: '李', email: 'li.wei@gmail.test' })).expect(200);
    expect((await me(t, short.body.token)).username).toBe('li.wei');
    const long = await signIn(await idToken({ name: 'x'.repeat(80), email: 'long@gmail.test' })).expect(200);
    expect((await me(t, long.body.token)).username).toBe('x'.repeat(32));
  });

  it('two concurrent first sign-ins of one Google account create one user', async () => {
    const claims = { sub: 'google-racer', email: 'racer@gmail.test', name: 'Racer' };
    const credentials = await Promise.all([
      idToken(claims),
      idToken(claims),
      idToken(claims),
      idToken(claims),
    ]);
    const results = await Promise.all(credentials.map((c) => signIn(c)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = await Promise.all(results.map(async (r) => (await me(t, r.body.token)).id));
    expect(new Set(ids).size).toBe(1);
    expect(await countUsers(t, 'racer@gmail.test')).toBe(1);
    expect(await identities(t, 'google', 'google-racer')).toHaveLength(1);
  });
});

describe('GitHub sign-in through the redirect flow', () => {
  let t: TestApp;
  let github: FakeGitHub;

  function account(overrides: Partial<GitHubAccount> = {}): GitHubAccount {
    const login = overrides.login ?? unique('octo-');
    return {
      id: Math.floor(Math.random() * 1e9),
      login,
      name: `Octo ${login}`,
      emails: [
        { email: `${login}@users.noreply.github.test`, primary: false, verified: true },
        { email: `${login}@github.test`, primary: true, verified: true },
      ],
      ...overrides,
    };
  }

  /** GET /api/auth/github: the redirect to GitHub and the state cookie it set. */
  async function start() {
    const res = await t.http.get('/api/auth/github').expect(302);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('javelin_github_state='),
    );
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    return { authorize: new URL(res.headers.location), cookie: cookie!.split(';')[0] };
  }

  /** The browser at GitHub: GitHub redirects back to our callback. */
  async function atGitHub(authorize: URL): Promise<URL> {
    const res = await fetch(authorize, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  /** The browser back at the callback (with its cookie): where the API sends it. */
  async function callback(url: URL, cookie?: string): Promise<URL> {
    const req = t.http.get(`${url.pathname}${url.search}`);
    if (cookie) req.set('Cookie', cookie);
    const res = await req.expect(302);
    return new URL(res.headers.location);
  }

  async function signInAs(who: GitHubAccount | 'deny'): Promise<URL> {
    github.signInAs(who);
    const { authorize, cookie } = await start();
    return callback(await atGitHub(authorize), cookie);
  }

  function expectError(landing: URL, message: string) {
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth`);
    expect(landing.searchParams.get('error')).toBe(message);
    expect(landing.searchParams.get('token')).toBeNull();
  }

  async function expectSignedIn(landing: URL) {
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth`);
    expect(landing.searchParams.get('success')).toBe('true');
    expect(landing.searchParams.get('error')).toBeNull();
    return me(t, landing.searchParams.get('token')!);
  }

  beforeAll(async () => {
    github = await startFakeGitHub();
    t = await startApp({ ...github.env, PUBLIC_URL });
    await resetDatabase(t.db);
  });
  afterAll(async () => {
    await t.close();
    await github.close();
  });

  it('goes to GitHub and back to /auth with a token that works', async () => {
    expect((await t.http.get('/api/auth/config').expect(200)).body.githubEnabled).toBe(true);
    const octo = account({ login: 'octocat', name: 'The Octocat' });
    github.signInAs(octo);
    const { authorize, cookie } = await start();
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('scope')).toBe('user:email');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/github/callback`);
    expect(authorize.searchParams.get('state')).toBeTruthy();

    const back = await atGitHub(authorize);
    expect(back.pathname).toBe('/api/auth/github/callback');
    const res = await t.http.get(`${back.pathname}${back.search}`).set('Cookie', cookie).expect(302);
    expect(String(res.headers['set-cookie'])).toMatch(/javelin_github_state=;/);
    const user = await expectSignedIn(new URL(res.headers.location));
    expect(user).toMatchObject({
      email: 'octocat@github.test',
      username: 'octocat',
      fullName: 'The Octocat',
      emailVerified: true,
    });
    expect(await identities(t, 'github', String(octo.id))).toEqual([
      { user_id: user.id, email: 'octocat@github.test' },
    ]);

    // A second sign-in of the same GitHub account is the same user; a taken login gets a numeric suffix.
    expect((await expectSignedIn(await signInAs(octo))).id).toBe(user.id);
    const namesake = await expectSignedIn(
      await signInAs(
        account({
          login: 'OctoCat',
          name: null,
          emails: [{ email: 'namesake@github.test', primary: true, verified: true }],
        }),
      ),
    );
    expect(namesake.id).not.toBe(user.id);
    expect(namesake.username).toBe('OctoCat2');
    expect(namesake.fullName).toBe('OctoCat');
  });

  it('links a new GitHub identity to the account that owns its verified primary email', async () => {
    const local = await seedUser(t);
    const octo = account({ emails: [{ email: local.email.toUpperCase(), primary: true, verified: true }] });
    const user = await expectSignedIn(await signInAs(octo));
    expect(user.id).toBe(local.id);
    expect(user.email).toBe(local.email);
    expect(await identities(t, 'github', String(octo.id))).toEqual([
      { user_id: local.id, email: local.email.toUpperCase() },
    ]);
  });

  it('linking to a never-verified local account verifies it and drops the unproven password', async () => {
    const squatted = await localUser(t, { verified: false });
    const octo = account({ emails: [{ email: squatted.email, primary: true, verified: true }] });
    const user = await expectSignedIn(await signInAs(octo));
    expect(user).toMatchObject({ id: squatted.id, emailVerified: true });
    const [row] = await t.db.query(`SELECT password_hash FROM users WHERE id = $1`, [squatted.id]);
    expect(row.password_hash).toBeNull();
  });

  it('refuses an unverified primary email: no link, no account', async () => {
    const local = await seedUser(t);
    const onExisting = account({
      emails: [
        { email: local.email, primary: true, verified: false },
        { email: 'other-verified@github.test', primary: false, verified: true },
      ],
    });
    expectError(await signInAs(onExisting), OAuthMessages.unverifiedEmail('GitHub'));
    expect(await identities(t, 'github', String(onExisting.id))).toEqual([]);
    expect(await countUsers(t, local.email)).toBe(1);
    expect(await countUsers(t, 'other-verified@github.test')).toBe(0);

    const fresh = account({
      emails: [{ email: 'fresh-unverified@github.test', primary: true, verified: false }],
    });
    expectError(await signInAs(fresh), OAuthMessages.unverifiedEmail('GitHub'));
    expect(await identities(t, 'github', String(fresh.id))).toEqual([]);
    expect(await countUsers(t, 'fresh-unverified@github.test')).toBe(0);
  });

  it('refuses a callback whose state does not match this browser', async () => {
    const victim = account();
    github.signInAs(victim);
    const mine = await start();
    const theirs = await start();
    const back = await atGitHub(mine.authorize);

    // Another browser's cookie, no cookie, and a state whose signature was altered are all refused.
    expectError(await callback(back, theirs.cookie), OAuthMessages.githubStateMismatch);
    const fresh = await atGitHub(mine.authorize);
    expectError(await callback(fresh, undefined), OAuthMessages.githubStateMismatch);
    const tampered = await atGitHub(mine.authorize);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    expectError(await callback(tampered, mine.cookie), OAuthMessages.githubStateMismatch);
    expect(await identities(t, 'github', String(victim.id))).toEqual([]);

    // The genuine pair still works.
    const genuine = await atGitHub(mine.authorize);
    await expectSignedIn(await callback(genuine, mine.cookie));
  });

  it('sends a denied authorization and a bad code back to /auth with a readable error', async () => {
    expectError(await signInAs('deny'), OAuthMessages.githubAccessDenied);

    const octo = account();
    github.signInAs(octo);
    const { authorize, cookie } = await start();
    const back = await atGitHub(authorize);
    await expectSignedIn(await callback(back, cookie));
    // The same code again: GitHub refuses it.
    expectError(await callback(back, cookie), OAuthMessages.githubCodeRejected);
    const noCode = new URL(back);
    noCode.searchParams.delete('code');
    expectError(await callback(noCode, cookie), OAuthMessages.githubMissingCode);
  });

  it('two concurrent first sign-ins of one GitHub account create one user', async () => {
    const octo = account();
    github.signInAs(octo);
    const flows = await Promise.all([start(), start(), start()]);
    const backs = await Promise.all(flows.map((f) => atGitHub(f.authorize)));
    const landings = await Promise.all(backs.map((back, i) => callback(back, flows[i].cookie)));
    const users = await Promise.all(landings.map(expectSignedIn));
    expect(new Set(users.map((u) => u.id)).size).toBe(1);
    expect(await countUsers(t, `${octo.login}@github.test`)).toBe(1);
    expect(await identities(t, 'github', String(octo.id))).toHaveLength(1);
  });
});

describe('OAuth when providers are not configured or unreachable', () => {
  let bare: TestApp;
  let broken: TestApp;
  let github: FakeGitHub;

  beforeAll(async () => {
    github = await startFakeGitHub();
    const dead = await deadUrl();
    bare = await startApp({ PUBLIC_URL });
    broken = await startApp({
      PUBLIC_URL,
      ...github.env,
      GITHUB_TOKEN_URL: `${dead}/login/oauth/access_token`,
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${dead}/jwks`,
    });
  });
  afterAll(async () => {
    await bare.close();
    await broken.close();
    await github.close();
  });

  it('hides both providers and refuses them with a clear message', async () => {
    const config = await bare.http.get('/api/auth/config').expect(200);
    expect(config.body).toMatchObject({ googleClientId: null, githubEnabled: false });

    const google = await bare.http.post('/api/auth/google').send({ provider: 'google', accessToken: 'x' });
    expect(google.status).toBe(503);
    expect(google.body).toMatchObject({ success: false, error: OAuthMessages.googleNotConfigured });

    const start = await bare.http.get('/api/auth/github').expect(302);
    const landing = new URL(start.headers.location);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth`);
    expect(landing.searchParams.get('error')).toBe(OAuthMessages.githubNotConfigured);
  });

  it('answers 503 when Google keys cannot be fetched and redirects with an error when GitHub is down', async () => {
    const google = await broken.http.post('/api/auth/google').send({
      provider: 'google',
      accessToken: await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .sign((await generateKeyPair('RS256')).privateKey),
    });
    expect(google.status).toBe(503);
    expect(google.body).toMatchObject({ success: false, error: OAuthMessages.googleUnreachable });

    github.signInAs({ id: 7, login: 'downtime', name: null, emails: [] });
    const start = await broken.http.get('/api/auth/github').expect(302);
    const cookie = (start.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const back = await fetch(start.headers.location, { redirect: 'manual' });
    const url = new URL(back.headers.get('location')!);
    const res = await broken.http.get(`${url.pathname}${url.search}`).set('Cookie', cookie).expect(302);
    const landing = new URL(res.headers.location);
    expect(landing.searchParams.get('error')).toBe(OAuthMessages.githubUnreachable);
  });
});
