import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export interface GitHubAccount {
  id: number;
  login: string;
  name: string | null;
  emails: GitHubEmail[];
}

export interface FakeGitHub {
  url: string;
  /** GITHUB_* settings pointing the API at this provider. */
  env: Record<string, string>;
  /** Who approves the next authorization request; 'deny' makes the user press Cancel. */
  signInAs(account: GitHubAccount | 'deny'): void;
  /** Authorization requests received, as GitHub would see their query. */
  authorizeRequests: URLSearchParams[];
  close(): Promise<void>;
}

const CLIENT_ID = 'fake-github-client';
const CLIENT_SECRET = 'fake-github-secret';

/**
 * A GitHub-like OAuth provider on 127.0.0.1 (port 0): the authorize page redirects straight back with a code
 * and the state, the token endpoint trades a code once (checking the client secret and redirect_uri), and
 * /user and /user/emails answer for the bearer token, as GitHub's REST API does.
 */
export async function startFakeGitHub(): Promise<FakeGitHub> {
  let next: GitHubAccount | 'deny' | undefined;
  const codes = new Map<string, { account: GitHubAccount; redirectUri: string }>();
  const tokens = new Map<string, GitHubAccount>();
  const authorizeRequests: URLSearchParams[] = [];

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const bearer = () => tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));

      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        authorizeRequests.push(url.searchParams);
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const back = new URL(redirectUri);
        const state = url.searchParams.get('state');
        if (url.searchParams.get('client_id') !== CLIENT_ID || !next)
          return json(400, { error: 'unexpected' });
        if (next === 'deny') {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user has denied your application access.');
        } else {
          const code = randomBytes(10).toString('hex');
          codes.set(code, { account: next, redirectUri });
          back.searchParams.set('code', code);
        }
        if (state) back.searchParams.set('state', state);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = new URLSearchParams(raw);
        if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
          return json(401, { error: 'invalid_client' });
        }
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        // GitHub answers a bad code with 200 and an error body.
        if (!grant || grant.redirectUri !== form.get('redirect_uri'))
          return json(200, { error: 'bad_verification_code' });
        const accessToken = `gho_${randomBytes(12).toString('hex')}`;
        tokens.set(accessToken, grant.account);
        return json(200, { access_token: accessToken, token_type: 'bearer', scope: 'user:email' });
      }
      if (req.method === 'GET' && url.pathname === '/user') {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        return json(200, { id: account.id, login: account.login, name: account.name });
      }
      if (req.method === 'GET' && url.pathname === '/user/emails') {
        const account = bearer();
        if (!account) return json(401, { message: 'Bad credentials' });
        return json(200, account.emails);
      }
      json(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      GITHUB_CLIENT_ID: CLIENT_ID,
      GITHUB_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_AUTHORIZE_URL: `${url}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${url}/login/oauth/access_token`,
      GITHUB_USER_URL: `${url}/user`,
      GITHUB_EMAILS_URL: `${url}/user/emails`,
    },
    signInAs: (account) => (next = account),
    authorizeRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A loopback URL nothing listens on, for "provider unreachable". */
export async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
