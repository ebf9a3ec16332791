import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../app';
import type { AppEnv } from '../env';
import type { Database } from '../db';
import { captureLogger, makeStaticFixture } from '../test-support';

const { root, remove: removeRoot } = makeStaticFixture('portal-dist-');
let app: Hono<AppEnv>;

beforeAll(() => {
  // Static serving and 404s never touch the database.
  app = createApp({ db: {} as Database, staticDir: root, logger: captureLogger() });
});
afterAll(() => removeRoot());

describe('static portal', () => {
  it('serves hashed assets with long immutable caching', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('gzips text files and API answers for browsers that accept it', async () => {
    const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(path.join(root, 'assets', 'big-abc123.js'), big);
    const res = await app.request('/assets/big-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 4);
    const plain = await app.request('/assets/big-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
    // API answers are compressed too, and decode to the same JSON.
    const api = await app.request('/api/nope', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(api.headers.get('content-encoding')).toBe('gzip');
    const decoded = new Response(api.body!.pipeThrough(new DecompressionStream('gzip')));
    expect(await decoded.json()).toEqual({ error: 'Not found' });
  });

  it('answers 404 for a missing asset instead of the SPA page', async () => {
    const res = await app.request('/assets/missing.js');
    expect(res.status).toBe(404);
  });

  it('falls back to index.html with no-cache for client routes', async () => {
    for (const p of ['/', '/dashboard', '/update-password/abc', '/settings?tab=billing']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves other files of dist/ as they are', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<svg');
  });

  it('never serves files outside dist/', async () => {
    const res = await app.request('/..%2f..%2f..%2fetc%2fpasswd');
    expect(await res.text()).not.toMatch(/root:/);
  });

  it('keeps /api answers JSON', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('no dist/: client routes are plain 404s', async () => {
    const bare = createApp({
      db: {} as Database,
      staticDir: path.join(root, 'missing'),
      logger: captureLogger(),
    });
    expect((await bare.request('/dashboard')).status).toBe(404);
  });
});
