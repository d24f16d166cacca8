/**
 * Security headers on every response.
 * - Pages: a Content-Security-Policy without 'unsafe-inline' scripts; the inline scripts Astro emits
 *   (island bootstrap) are allowed by their SHA-256 hashes, computed at build time (api/cli/build-site.ts
 *   writes dist/.csp.json). https://developer.mozilla.org/docs/Web/HTTP/Headers/Content-Security-Policy
 * - API: `default-src 'none'` (JSON is never a document) and `Cache-Control: no-store`
 *   (responses carry personal data; an explicit cache header set by a route wins).
 * - HSTS in production only (local http would otherwise be pinned to https).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import type { Config } from '../config.ts';

export const CSP_FILE = '.csp.json';

interface CspManifest {
  scriptHashes: string[];
}

function pagePolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((hash) => `'${hash}'`).join(' ')}`.trim(),
    // Astro inlines small stylesheets and islands set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Webinar images and profile photos may be any https URL an admin entered.
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function securityHeaders(config: Config) {
  const manifestPath = path.join(config.siteDistDir, CSP_FILE);
  let cached: { mtimeMs: number; policy: string } | undefined;

  /** Re-read only when the build changes (dist/ rebuilt while the server runs, e.g. in development). */
  function currentPagePolicy(): string {
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(manifestPath).mtimeMs;
    } catch {
      // No build manifest: no inline script is allowed at all.
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const manifest: CspManifest = mtimeMs >= 0 ? JSON.parse(readFileSync(manifestPath, 'utf8')) : { scriptHashes: [] };
      cached = { mtimeMs, policy: pagePolicy(manifest.scriptHashes) };
    }
    return cached.policy;
  }

  return async function setSecurityHeaders(ctx: Context, next: Next): Promise<void> {
    const isApi = /^\/api(\/|$)/i.test(ctx.path);
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
      'Content-Security-Policy': isApi ? API_POLICY : currentPagePolicy(),
    });
    if (config.isProduction) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    try {
      await next();
    } finally {
      if (isApi && !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
    }
  };
}
