import express from 'express';
import { createHash } from 'node:crypto';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedJson, sendPreparedJson } from './prepared-json';

/** A JSON body well over the size worth compressing, and one under it. */
const large = PreparedJson.of(
  Array.from({ length: 200 }, (_, i) => ({ rank: i + 1, username: `user${i}`, cells: [1, 2, 3] })),
);
const small = PreparedJson.of({ ok: true });

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  raw: Buffer;
}

describe('sendPreparedJson', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const app = express();
    app.get('/large', (req, res) => void sendPreparedJson(req, res, large));
    app.get('/small', (req, res) => void sendPreparedJson(req, res, small));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** node:http does not decompress, so the test sees what was sent. */
  const fetchRaw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      get(`${origin}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });

  it('sends the gzip of the prepared bytes to a client that accepts gzip', async () => {
    const answer = await fetchRaw('/large', { 'accept-encoding': 'gzip, deflate' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
    expect(answer.raw.length).toBeLessThan(large.bytes.length / 4);
    expect(gunzipSync(answer.raw).equals(large.bytes)).toBe(true);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends the bytes as they are without gzip in Accept-Encoding, when it is refused, and for a small body', async () => {
    for (const [path, headers] of [
      ['/large', {}],
      ['/large', { 'accept-encoding': 'identity' }],
      ['/large', { 'accept-encoding': 'gzip;q=0, identity' }],
      ['/large', { 'accept-encoding': 'br' }],
      ['/small', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const answer = await fetchRaw(path, headers);
      expect(answer.headers['content-encoding'], `${path} ${JSON.stringify(headers)}`).toBeUndefined();
      expect(answer.raw.equals(path === '/large' ? large.bytes : small.bytes)).toBe(true);
    }
  });

  it('names the bytes by an ETag that is their hash, the same whatever the encoding', async () => {
    const plain = await fetchRaw('/large');
    const gzipped = await fetchRaw('/large', { 'accept-encoding': 'gzip' });
    const expected = `W/"${createHash('sha1').update(large.bytes).digest('base64url')}"`;
    expect([plain.headers.etag, gzipped.headers.etag]).toEqual([expected, expected]);
    expect((await fetchRaw('/small')).headers.etag).not.toBe(expected);
  });

  it('answers 304 with no body when If-None-Match names the current bytes, and the body otherwise', async () => {
    const notModified = await fetchRaw('/large', { 'if-none-match': large.etag, 'accept-encoding': 'gzip' });
    expect([notModified.status, notModified.raw.length, notModified.headers.etag]).toEqual([
      304,
      0,
      large.etag,
    ]);
    const inList = await fetchRaw('/large', { 'if-none-match': `W/"other", ${large.etag}` });
    expect(inList.status).toBe(304);
    const stale = await fetchRaw('/large', { 'if-none-match': small.etag });
    expect(stale.status).toBe(200);
    expect(stale.raw.equals(large.bytes)).toBe(true);
  });

  it('keeps the answer out of shared caches and varies it by encoding and by who asks', async () => {
    const answer = await fetchRaw('/large');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers.vary).toBe('Accept-Encoding, Authorization');
  });
});

describe('PreparedJson', () => {
  it('compresses once however many readers ask at once', async () => {
    const body = PreparedJson.of({ text: 'x'.repeat(5000) }, 'personal');
    const [a, b] = await Promise.all([body.gzip(), body.gzip()]);
    expect(a).toBe(b);
    expect(gunzipSync(a).toString()).toBe(body.json);
  });
});
