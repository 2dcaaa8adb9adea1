import { JwtService } from '@nestjs/jwt';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TokensService } from '../src/auth/tokens.service';
import { listeningLine } from '../src/bootstrap';
import { EnvError, loadEnv } from '../src/config/env';
import { startApiProcess } from './support/api-process';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest } from './support/contests';
import { createProblem } from './support/problems';
import { openContestStream, OpenStream } from './support/sse';

/** The value apps/api/src/config/env.ts once signed tokens with whenever JWT_SECRET was unset (issue 28). */
const FORMER_DEVELOPMENT_SECRET = 'javelin-development-secret-change-me';
const SRC = join(__dirname, '../src');

const me = (t: TestApp, token: string) => t.http.get('/api/auth/me').set(bearer(token));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('no known secret: JWT_SECRET unset', () => {
  let dir: string;
  let file: string;
  let t: TestApp | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'javelin-secret-'));
    file = join(dir, 'var', 'jwt-secret');
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('generates a 256-bit secret under var/ with mode 0600 at the first start, and the next start reuses it', async () => {
    t = await startApp({ JWT_SECRET: '', JWT_SECRET_FILE: file });
    await resetDatabase(t.db);
    expect(t.env.jwtSecretSource).toEqual({ file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8').trim();
    expect(Buffer.from(stored, 'base64url')).toHaveLength(32);
    expect(t.env.jwtSecret).toBe(stored);
    const user = await seedUser(t);
    expect((await me(t, user.token)).status).toBe(200);
    await t.close();

    t = await startApp({ JWT_SECRET: '', JWT_SECRET_FILE: file });
    expect(t.env.jwtSecret).toBe(stored);
    expect(readFileSync(file, 'utf8').trim()).toBe(stored);
    // A session from the first start survives the restart.
    expect((await me(t, user.token)).status).toBe(200);
  });

  it('refuses a token signed with the former development constant, which no source file holds any more', async () => {
    t = await startApp({ JWT_SECRET: '', JWT_SECRET_FILE: file });
    const admin = await seedUser(t, ['super_admin']);
    const forged = new JwtService({ secret: FORMER_DEVELOPMENT_SECRET }).sign(
      { sub: admin.id, ver: 0 },
      { expiresIn: 3600 },
    );
    const res = await me(t, forged);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Unauthorized');
    const holders = sourceFiles(SRC).filter((f) =>
      readFileSync(f, 'utf8').includes(FORMER_DEVELOPMENT_SECRET),
    );
    expect(holders).toEqual([]);
  });

  it('two installations without JWT_SECRET never share a secret', () => {
    const other = join(mkdtempSync(join(tmpdir(), 'javelin-secret-')), 'jwt-secret');
    const first = loadEnv({ JWT_SECRET_FILE: file });
    const second = loadEnv({ JWT_SECRET_FILE: other });
    expect(second.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('refuses a secret file others may read, naming it and the fix', () => {
    const loose = join(mkdtempSync(join(tmpdir(), 'javelin-secret-')), 'jwt-secret');
    writeFileSync(loose, 'a-secret-that-is-long-enough-0123456789');
    chmodSync(loose, 0o644);
    expect(() => loadEnv({ JWT_SECRET_FILE: loose })).toThrow(
      new EnvError(
        `${loose} holds the token secret but others may read it (mode 644): run "chmod 600 ${loose}"`,
      ),
    );
  });

  it('refuses to start in production without JWT_SECRET, and a short JWT_SECRET anywhere', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET_FILE: file })).toThrow(
      /^JWT_SECRET must be set in production/,
    );
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 16 characters long');
    expect(() => loadEnv({ JWT_SECRET: 'x'.repeat(32), JWT_EXPIRES_IN: 'forever' })).toThrow(
      'JWT_EXPIRES_IN must be a lifetime such as 3600, 90m, 12h or 7d, got "forever"',
    );
  });
});

describe('where it listens', () => {
  const env = (extra: Record<string, string> = {}) => loadEnv({ JWT_SECRET: 'x'.repeat(32), ...extra });

  it('listens on loopback unless HOST says otherwise, and says how to open it', () => {
    expect(env().host).toBe('127.0.0.1');
    expect(listeningLine(env({ PORT: '3000' }))).toBe(
      'API listening on http://127.0.0.1:3000/api — this machine only; HOST=0.0.0.0 opens it to the network (set JWT_SECRET and PUBLIC_URL too)',
    );
    expect(listeningLine(env({ HOST: '0.0.0.0', PORT: '8080' }))).toBe(
      'API listening on http://0.0.0.0:8080/api — reachable from the network (HOST=0.0.0.0)',
    );
    expect(() => env({ HOST: 'not a host!' })).toThrow(
      'HOST must be an IP address or a host name, got "not a host!"',
    );
  });

  it('a started API without HOST answers on 127.0.0.1 and not on the machine’s other addresses', async () => {
    const api = await startApiProcess({ LOG_LEVEL: 'info' });
    try {
      const port = new URL(api.url).port;
      expect(api.output()).toContain(`API listening on http://127.0.0.1:${port}/api — this machine only`);
      const outward = Object.values(networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal);
      if (outward) {
        await expect(fetch(`http://${outward.address}:${port}/api/health`)).rejects.toThrow();
      }
    } finally {
      api.process.kill('SIGTERM');
      await api.exited;
    }
  });
});

/** A non-loopback address of this machine, a private one first: the set-up issue 47 found open to spoofing. */
function outwardAddress(): string {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && !a.address.startsWith('fe80'))
    .map((a) => a!.address);
  const isPrivate = (a: string) => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd])/i.test(a);
  const chosen = addresses.find(isPrivate) ?? addresses[0];
  if (!chosen) throw new Error('this test needs a network address besides loopback (none found)');
  return chosen;
}

describe('trusted proxies (TRUST_PROXY)', () => {
  const env = (extra: Record<string, string> = {}) => loadEnv({ JWT_SECRET: 'x'.repeat(32), ...extra });
  const address = outwardAddress();
  const host = address.includes(':') ? `[${address}]` : address;

  /** Three wrong passwords from the machine's own network address, each claiming another client in X-Forwarded-For. */
  async function wrongSignInStatuses(trustProxy?: string): Promise<number[]> {
    const t = await startApp({
      RATE_LIMIT_DISABLED: 'false',
      RATE_LIMIT_LOGIN_ADDRESS: '2/600',
      REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX ?? 'javelin-test'}-proxy-${Date.now()}`,
      ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
    });
    const server = t.app.getHttpServer() as import('node:http').Server;
    await new Promise<void>((resolve) => server.listen(0, address.includes(':') ? '::' : '0.0.0.0', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const statuses: number[] = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        const response = await fetch(`http://${host}:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
        });
        statuses.push(response.status);
      }
      return statuses;
    } finally {
      await t.close();
    }
  }

  it('trusts loopback only by default, and refuses a malformed TRUST_PROXY naming it', () => {
    expect(env().trustProxy).toEqual(['loopback']);
    expect(env({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.7',
    ]);
    expect(() => env({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      'TRUST_PROXY must list proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal, got "10.0.0.0/33"',
    );
    expect(() => env({ TRUST_PROXY: 'everyone' })).toThrow('got "everyone"');
  });

  it(`ignores X-Forwarded-For from a machine on the network (${address}) that is no configured proxy`, async () => {
    expect(await wrongSignInStatuses()).toEqual([401, 401, 429]);
  });

  it('honours X-Forwarded-For from a proxy TRUST_PROXY names', async () => {
    expect(await wrongSignInStatuses(address)).toEqual([401, 401, 401]);
  });
});

describe('operators’ surfaces: /metrics and CORS', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('does not serve /metrics on the app’s port without a setting', async () => {
    t = await startApp();
    const res = await t.http.get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('# HELP');
  });

  it('with METRICS_TOKEN serves /metrics only to the bearer of that token', async () => {
    const token = 'scrape-token-0123456789abcdef';
    t = await startApp({ METRICS_TOKEN: token });
    expect((await t.http.get('/metrics')).status).toBe(401);
    expect((await t.http.get('/metrics').set(bearer('scrape-token-0123456789abcdeX'))).status).toBe(401);
    const ok = await t.http.get('/metrics').set(bearer(token)).expect(200);
    expect(ok.text).toContain('# HELP http_request_duration_seconds');
  });

  it('with METRICS_PORT serves /metrics on that port alone, behind METRICS_TOKEN when both are set', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const token = 'scrape-token-0123456789abcdef';
    t = await startApp({ METRICS_PORT: String(port), METRICS_TOKEN: token });
    await t.http.get('/api/health').expect(200);
    expect((await t.http.get('/metrics').set(bearer(token))).status).toBe(404);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${base}/metrics`, { headers: bearer(token) });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    expect(await scraped.text()).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health"/,
    );
    expect((await fetch(`${base}/api/health`, { headers: bearer(token) })).status).toBe(404);
    await t.close();
    t = undefined;
    // Closed with the app: nothing listens there any more.
    await expect(fetch(`${base}/metrics`)).rejects.toThrow();
  });

  it('in production allows only the app’s own origin by default; development adds the Vite dev server', async () => {
    expect(
      loadEnv({
        JWT_SECRET: 'x'.repeat(32),
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://judge.example.org/',
      }).corsOrigins,
    ).toEqual(['https://judge.example.org']);
    expect(loadEnv({ JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost:3000' }).corsOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
    ]);
    expect(() => loadEnv({ JWT_SECRET: 'x'.repeat(32), CORS_ORIGINS: 'https://a.example/path' })).toThrow(
      'CORS_ORIGINS must list origins (scheme://host[:port]), got "https://a.example/path"',
    );
    t = await startApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://judge.example.org' });
    const preflight = (origin: string) =>
      t!.http
        .options('/api/auth/me')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization');
    expect((await preflight('https://judge.example.org')).headers['access-control-allow-origin']).toBe(
      'https://judge.example.org',
    );
    expect((await preflight('http://localhost:5173')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('sessions that end', () => {
  let t: TestApp;
  let superAdmin: SeededUser;
  let contestId: string;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    t = await startApp({ JWT_EXPIRES_IN: '2h' });
    await resetDatabase(t.db);
    superAdmin = await seedUser(t, ['super_admin']);
    const problem = await createProblem(t, superAdmin.token);
    contestId = (await createContest(t, superAdmin.token, [problem._id]))._id;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  const login = async (user: SeededUser, password = user.password) => {
    const res = await t.http.post('/api/auth/login').send({ email: user.email, password }).expect(200);
    return res.body.token as string;
  };
  const stream = async (token?: string) => {
    const s = await openContestStream(t, contestId, token);
    streams.push(s);
    await s.next((e) => e.event === 'leaderboard');
    return s;
  };
  /** Whether the server ended the stream within `ms`. */
  const endsWithin = (s: OpenStream, ms: number) =>
    Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it('signs tokens that carry iat and exp, exp being JWT_EXPIRES_IN after iat', async () => {
    const user = await seedUser(t);
    const claims = new JwtService({}).decode(user.token) as Record<string, number>;
    expect(Number.isInteger(claims.iat)).toBe(true);
    expect(claims.exp - claims.iat).toBe(2 * 3600);
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60);
  });

  it('refuses a well-signed token without exp, without iat, or older than JWT_EXPIRES_IN whatever its exp', async () => {
    const user = await seedUser(t);
    const signer = new JwtService({ secret: t.env.jwtSecret });
    const now = Math.floor(Date.now() / 1000);
    expect((await me(t, signer.sign({ sub: user.id, ver: 0 }, { expiresIn: 600 }))).status).toBe(200);
    expect((await me(t, signer.sign({ sub: user.id, ver: 0 }))).status).toBe(401);
    expect(
      (await me(t, signer.sign({ sub: user.id, ver: 0, exp: now + 600 }, { noTimestamp: true }))).status,
    ).toBe(401);
    const ancient = signer.sign({ sub: user.id, ver: 0, iat: now - 3 * 3600, exp: now + 3600 });
    expect((await me(t, ancient)).status).toBe(401);
  });

  it('a logout ends every session of the account, and a new sign-in works', async () => {
    const user = await seedUser(t);
    const other = await login(user);
    expect((await me(t, other)).status).toBe(200);
    const out = await t.http.post('/api/auth/logout').set(bearer(user.token)).expect(200);
    expect(out.body).toEqual({
      success: true,
      message: 'Signed out: every session of this account has ended',
    });
    expect((await me(t, user.token)).status).toBe(401);
    expect((await me(t, other)).status).toBe(401);
    expect((await t.http.post('/api/auth/logout').set(bearer(user.token))).status).toBe(401);
    expect((await t.http.post('/api/auth/logout')).status).toBe(401);
    expect((await me(t, await login(user))).status).toBe(200);
  });

  it('a password reset ends the sessions signed in before it', async () => {
    const user = await seedUser(t);
    const resetToken = await t.app.get(TokensService).issue(user.id, 'reset_password');
    await t.http
      .post('/api/auth/reset-password')
      .send({ token: resetToken, newPassword: 'a-brand-new-password' })
      .expect(200);
    expect((await me(t, user.token)).status).toBe(401);
    expect((await me(t, await login(user, 'a-brand-new-password'))).status).toBe(200);
  });

  it('removing a role ends its holder’s sessions; granting one keeps them and takes effect at once', async () => {
    const admin = await seedUser(t, ['admin']);
    await t.http.get('/api/admin/users').set(bearer(admin.token)).expect(200);
    await t.http.delete(`/api/admin/users/${admin.id}`).set(bearer(superAdmin.token)).expect(200);
    expect((await t.http.get('/api/admin/users').set(bearer(admin.token))).status).toBe(401);
    const again = await login(admin);
    expect((await t.http.get('/api/admin/users').set(bearer(again))).status).toBe(403);

    const user = await seedUser(t);
    await t.http
      .post('/api/admin/users')
      .set(bearer(superAdmin.token))
      .send({ userId: user.id, role: 'admin' })
      .expect(201);
    await t.http.get('/api/admin/users').set(bearer(user.token)).expect(200);
  });

  it('closes an admin’s open stream when the admin role is removed, and the old token cannot reopen it', async () => {
    const admin = await seedUser(t, ['admin']);
    const adminStream = await stream(admin.token);
    const anonymous = await stream();
    await t.http.delete(`/api/admin/users/${admin.id}`).set(bearer(superAdmin.token)).expect(200);
    expect(await endsWithin(adminStream, 3_000)).toBe(true);
    await expect(openContestStream(t, contestId, admin.token)).rejects.toThrow('stream answered 401');
    // Only that viewer's streams close.
    expect(await endsWithin(anonymous, 300)).toBe(false);
  });

  it('closes a user’s open streams when they log out elsewhere, and when they are granted a role', async () => {
    const user = await seedUser(t);
    const bystander = await seedUser(t);
    const first = await stream(user.token);
    const watching = await stream(bystander.token);
    await t.http
      .post('/api/auth/logout')
      .set(bearer(await login(user)))
      .expect(200);
    expect(await endsWithin(first, 3_000)).toBe(true);
    expect(await endsWithin(watching, 300)).toBe(false);

    const promoted = await seedUser(t);
    const before = await stream(promoted.token);
    await t.http
      .post('/api/admin/users')
      .set(bearer(superAdmin.token))
      .send({ userId: promoted.id, role: 'admin' })
      .expect(201);
    expect(await endsWithin(before, 3_000)).toBe(true);
    // The same token reopens it, now read with the admin role.
    await stream(promoted.token);
  });
});
