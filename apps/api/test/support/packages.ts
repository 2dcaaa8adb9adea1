import { expect } from 'vitest';
import { bearer, type TestApp } from './app';

/**
 * POST /api/problems/import with the package as the request body (application/zip), as `token`;
 * published at once (`?publish=true`, the dialog's "Publish now") unless `publish` is false: imports
 * start hidden (issue 47).
 */
export const importPackage = (t: TestApp, token: string, zip: Buffer, publish = true) =>
  t.http
    .post(`/api/problems/import${publish ? '?publish=true' : ''}`)
    .set(bearer(token))
    .set('Content-Type', 'application/zip')
    .send(zip);

/** GET /api/problems/:id/export as `token`: the package, answered 200 as application/zip. */
export async function exportPackage(t: TestApp, token: string, problemId: string): Promise<Buffer> {
  const res = await t.http
    .get(`/api/problems/${problemId}/export`)
    .set(bearer(token))
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return res.body as Buffer;
}
