import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import type { Response } from 'supertest';
import { startApp, TestApp, unique } from './support/app';

const CLASS_SIZE = 200;
/** Students who press the button at the same moment. */
const AT_ONCE = 10;
const PASSWORD = 'correct-horse-1';

/** A fresh client address per run (the app trusts X-Forwarded-For from a proxy on loopback), so old counters never interfere. */
const anAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function inGroups<T>(
  items: T[],
  size: number,
  send: (item: T) => Promise<Response>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < items.length; i += size) {
    statuses.push(...(await Promise.all(items.slice(i, i + size).map(send))).map((r) => r.status));
  }
  return statuses;
}

function register(t: TestApp, address: string, name: string) {
  return t.http
    .post('/api/auth/register')
    .set('X-Forwarded-For', address)
    .send({
      email: `${name}@example.com`,
      username: name,
      fullName: `Student ${name}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
}

function login(t: TestApp, address: string, email: string, password = PASSWORD) {
  return t.http.post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });
}

describe('rate limits with the default settings: a computer lab behind one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Only the verification step is left out: the lab signs in right after signing up.
    t = await startApp({ RATE_LIMIT_DISABLED: 'false', EMAIL_VERIFICATION: 'false' });
  });
  afterAll(() => t?.close());

  it(`lets a class of ${CLASS_SIZE} sign up and then sign in from one address`, async () => {
    const lab = anAddress();
    const students = Array.from({ length: CLASS_SIZE }, () => unique('lab'));
    expect(await inGroups(students, AT_ONCE, (name) => register(t, lab, name))).toEqual(
      Array(CLASS_SIZE).fill(201),
    );
    expect(await inGroups(students, AT_ONCE, (name) => login(t, lab, `${name}@example.com`))).toEqual(
      Array(CLASS_SIZE).fill(200),
    );
  }, 300_000);

  it('refuses wrong passwords for one account from the 11th, also when sent all at once', async () => {
    const name = unique('victim');
    expect((await register(t, anAddress(), name)).status).toBe(201);
    const attacker = anAddress();
    const statuses = await inGroups(
      Array.from({ length: 20 }, (_, i) => i),
      20,
      () => login(t, attacker, `${name}@example.com`, 'wrong-pass'),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('refuses wrong passwords for one account from the 11th when each comes from another address', async () => {
    const name = unique('victim');
    expect((await register(t, anAddress(), name)).status).toBe(201);
    const statuses = await inGroups(Array.from({ length: 20 }, anAddress), 1, (address) =>
      login(t, address, `${name}@example.com`, 'wrong-pass'),
    );
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });
});

describe('rate limits count failed sign-ins only', () => {
  const ADDRESS_FAILURES = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({
      RATE_LIMIT_DISABLED: 'false',
      EMAIL_VERIFICATION: 'false',
      RATE_LIMIT_LOGIN_ADDRESS: `${ADDRESS_FAILURES}/60`,
    });
  });
  afterAll(() => t?.close());

  it('never counts a successful sign-in, and refuses an address past its failed ones for every account', async () => {
    const address = anAddress();
    const name = unique('lab');
    expect((await register(t, address, name)).status).toBe(201);
    const successes = await inGroups(
      Array.from({ length: 4 * ADDRESS_FAILURES }, (_, i) => i),
      1,
      () => login(t, address, `${name}@example.com`),
    );
    expect(successes).toEqual(Array(4 * ADDRESS_FAILURES).fill(200));
    // Guessing across accounts: each wrong guess names another account.
    const guesses = await inGroups(
      Array.from({ length: ADDRESS_FAILURES + 1 }, () => unique('nobody')),
      1,
      (other) => login(t, address, `${other}@example.com`, 'wrong-pass'),
    );
    expect(guesses).toEqual([...Array(ADDRESS_FAILURES).fill(401), 429]);
    // Another address of the same lab account is unaffected.
    expect((await login(t, anAddress(), `${name}@example.com`)).status).toBe(200);
  });
});
