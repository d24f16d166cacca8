import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCspManifest } from '../../api/cli/build-site.ts';
import { startTestApp, type TestApp } from './harness.ts';

const INLINE_SCRIPT = 'customElements.define("astro-island", class extends HTMLElement {});';
let app: TestApp;
let distDir: string;

beforeAll(async () => {
  // A miniature build: one page with an inline script like the ones Astro emits for islands.
  distDir = mkdtempSync(path.join(tmpdir(), 'innercircle-dist-'));
  mkdirSync(path.join(distDir, 'innercircle'));
  writeFileSync(path.join(distDir, 'index.html'), `<!doctype html><html lang="fr"><script>${INLINE_SCRIPT}</script></html>`);
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
    const scriptSrc = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('every response carries nosniff, a referrer policy and HSTS in production', async () => {
    for (const pathname of ['/', '/page-inconnue', '/api/health', '/api/inconnu']) {
      const response = await app.client().get(pathname);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    }
  });

  it('API responses are never cached', async () => {
    const health = await app.client().get('/api/health');
    expect(health.headers.get('cache-control')).toBe('no-store');
    const missing = await app.client().get('/api/inconnu');
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});
