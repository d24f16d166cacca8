import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCspManifest } from '../../api/cli/build-site.ts';
import { startTestApp, type TestApp, type TestResponse } from './harness.ts';

const INLINE_SCRIPT = 'customElements.define("astro-island", class extends HTMLElement {});';
const LOGIN_SCRIPT = 'document.querySelector("form")?.setAttribute("data-ready", "");';
const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const scriptSource = (response: TestResponse) =>
  (response.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src')) ?? '';
let app: TestApp;
let distDir: string;

beforeAll(async () => {
  // A miniature build: one page with an inline script like the ones Astro emits for islands.
  distDir = mkdtempSync(path.join(tmpdir(), 'innercircle-dist-'));
  mkdirSync(path.join(distDir, 'innercircle'));
  writeFileSync(path.join(distDir, 'index.html'), `<!doctype html><html lang="fr"><script>${INLINE_SCRIPT}</script></html>`);
  for (const folder of ['admin', 'login', 'annulation']) mkdirSync(path.join(distDir, folder));
  writeFileSync(path.join(distDir, 'admin', 'index.html'), '<!doctype html><html lang="fr"><div id="admin"></div></html>');
  writeFileSync(path.join(distDir, 'login', 'index.html'), `<!doctype html><html lang="fr"><form method="post"></form><script type="module">${LOGIN_SCRIPT}</script></html>`);
  // A registration link page: filled from the link's token, so made for one visitor.
  writeFileSync(path.join(distDir, 'annulation', 'index.html'), '<!doctype html><html lang="fr"><input type="hidden" name="token" data-query-field="token"></html>');
  writeFileSync(path.join(distDir, '404.html'), '<!doctype html><html lang="fr"><h1>404 Page Not Found</h1></html>');
  writeCspManifest(distDir);
  app = await startTestApp({ SITE_DIST_DIR: distDir, NODE_ENV: 'production' });
});
afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('pages get a CSP that allows the inline scripts by hash and never unsafe-inline scripts', async () => {
    const response = await app.client().get('/');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc =
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("each built page's policy allows only its own inline scripts", async () => {
    const home = scriptSource(await app.client().get('/'));
    expect(home).toContain(sha256(INLINE_SCRIPT));
    expect(home).not.toContain(sha256(LOGIN_SCRIPT));
    const login = scriptSource(await app.client().get('/login'));
    expect(login).toContain(sha256(LOGIN_SCRIPT));
    expect(login).not.toContain(sha256(INLINE_SCRIPT));
    // The not-found page has no inline script: none is allowed there.
    expect(scriptSource(await app.client().get('/page-inconnue'))).toBe("script-src 'self'");
  });

  it('every response carries nosniff, a referrer policy and HSTS in production', async () => {
    for (const pathname of ['/', '/page-inconnue', '/api/health', '/api/inconnu']) {
      const response = await app.client().get(pathname);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    }
  });

  it('the public pages alike for everyone go without an opener policy; the back office, sign-in and one-visitor pages keep same-origin', async () => {
    // Decision 081: COOP on the landing page cost a phone 150–200 ms of blocking time (a new renderer process).
    for (const pathname of ['/', '/page-inconnue', '/annulation/']) {
      const response = await app.client().get(pathname);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(response.headers.get('cross-origin-opener-policy'), pathname).toBeNull();
      expect(response.headers.get('content-security-policy'), pathname).toContain("frame-ancestors 'none'");
    }
    for (const pathname of ['/admin', '/admin/leads/12', '/login', '/login/', '/annulation/?token=abcdef123456', '/api/health']) {
      const response = await app.client().get(pathname);
      expect(response.headers.get('cross-origin-opener-policy'), pathname).toBe('same-origin');
    }
  });

  it('API responses are never cached', async () => {
    const health = await app.client().get('/api/health');
    expect(health.headers.get('cache-control')).toBe('no-store');
    const missing = await app.client().get('/api/inconnu');
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});
