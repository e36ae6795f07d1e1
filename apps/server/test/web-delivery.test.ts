/**
 * Issue 11 §1: how the built web app and the API travel. A small stand-in build (with precompressed files, as
 * the web build writes them) is served by the real app.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'hrpay-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const HASHED = 'assets/Login-BYLFcnlC.js';

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  const html =
    '<!doctype html><html><head><title>HRPAY</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, HASHED), script);
  writeFileSync(join(dist, `${HASHED}.br`), brotliCompressSync(script));
  writeFileSync(join(dist, `${HASHED}.gz`), gzipSync(script));
  writeFileSync(join(dist, `${HASHED}.map`), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify([
      { path: '/admin/companies', files: ['/assets/signed-in-a.js', '/assets/Companies-a.js'] },
      { path: '/admin/users/add', files: ['/assets/AddUser-a.js'] },
      { path: '/admin/companies/edit/:id', files: ['/assets/EditCompany-a.js'] },
      { path: '/admin/users/:id?', files: ['/assets/Users-a.js'] },
    ]),
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('static files', () => {
  it('serves the precompressed file the client accepts, brotli first, with Vary', async () => {
    const br = await get(`/${HASHED}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(`/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get(`/${HASHED}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches content-hashed files for a year as immutable, and nothing else', async () => {
    expect((await get(`/${HASHED}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers index.html no-cache with an ETag, for / and for client-side routes', async () => {
    for (const url of ['/', '/hr/login', '/admin/companies']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
    }
    const first = await get('/');
    const again = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("names the route's layout and page chunks as modulepreload Links on its HTML, and only there", async () => {
    const link = async (url: string) => (await get(url)).headers.link;
    expect(await link('/admin/companies')).toBe(
      '</assets/signed-in-a.js>; rel=modulepreload, </assets/Companies-a.js>; rel=modulepreload',
    );
    expect(await link('/admin/companies/edit/7f3a')).toBe('</assets/EditCompany-a.js>; rel=modulepreload');
    // A fixed path before the pattern that also matches it; an optional parameter may be absent.
    expect(await link('/admin/users/add')).toBe('</assets/AddUser-a.js>; rel=modulepreload');
    expect(await link('/admin/users')).toBe('</assets/Users-a.js>; rel=modulepreload');
    expect(await link('/admin/users/42')).toBe('</assets/Users-a.js>; rel=modulepreload');
    expect(await link('/admin/companies/edit')).toBeUndefined();
    expect(await link('/nowhere')).toBeUndefined();
    expect(await link(`/${HASHED}`)).toBeUndefined();
    // The build's own files are not served.
    expect((await get('/.vite/route-preloads.json')).headers['content-type']).toContain('text/html');
  });

  it('does not publish source maps', async () => {
    const res = await get(`/${HASHED}.map`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff, a referrer policy and no framing, on HTML and API', async () => {
    for (const url of ['/', '/api/health', '/api/v1/companies/list']) {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim(), url).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // HSTS only over TLS; this request came over plain HTTP.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('API answers', () => {
  it('are never cached, problems and unknown API paths included', async () => {
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/v1/companies/list')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/nowhere')).headers['cache-control']).toBe('no-store');
  });

  it('are compressed when large and the client accepts it, and left alone when small', async () => {
    const big = await get('/api/docs', { 'accept-encoding': 'br, gzip' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toBeTruthy();
    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ Status: 'ok' });
    const refused = await get('/api/docs', { 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
