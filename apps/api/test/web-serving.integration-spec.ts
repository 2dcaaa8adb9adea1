import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, TestApp } from './support/app';

/**
 * The API serves the built web app on its own origin: its files, and index.html for the SPA's
 * routes. Paths under /api and /metrics belong to the API alone, even when a file of that name lies
 * in the web's folder (the static files are never asked about them, not even for a stat).
 */
describe('the web app served beside the API', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'javelin-web-'));

  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Javelin</title>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("web");');
    // Decoys: were the static files consulted for API paths, these would be served instead.
    mkdirSync(join(dir, 'api'));
    writeFileSync(join(dir, 'api', 'health'), 'a file, not the API');
    writeFileSync(join(dir, 'metrics'), 'a file, not the metrics');
    t = await startApp({ WEB_DIST_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves its files with a cache lifetime, and index.html for the routes of the SPA', async () => {
    const asset = await t.http.get('/assets/app.js').expect(200);
    expect(asset.text).toBe('console.log("web");');
    expect(asset.headers['cache-control']).toBe('public, max-age=3600');
    for (const route of ['/', '/contests/some-id', '/problems']) {
      const page = await t.http.get(route).expect(200);
      expect(page.headers['content-type'], route).toMatch(/^text\/html/);
      expect(page.text, route).toContain('<title>Javelin</title>');
    }
  });

  it('leaves /api and /metrics to the API, whatever files the web folder holds', async () => {
    const health = await t.http.get('/api/health').expect(200);
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expect(health.body.status).toBe('ok');
    // Not served on this port without METRICS_TOKEN, and the file of that name is not sent instead.
    const metrics = await t.http.get('/metrics').expect(404);
    expect(metrics.headers['content-type']).toMatch(/^application\/json/);
    expect(metrics.text).not.toContain('a file, not the metrics');
    const unknown = await t.http.get('/api/no-such-route').expect(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
  });
});
