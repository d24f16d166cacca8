/**
 * Security headers on every response.
 * - Pages: a Content-Security-Policy without 'unsafe-inline' scripts; the inline scripts Astro emits
 *   (island bootstrap) are allowed by their SHA-256 hashes, computed at build time (api/cli/build-site.ts
 *   writes dist/.csp.json). A built page gets only its own hashes (the site's static handler names the
 *   file in `ctx.state.sitePage`); any other HTML response, the hashes of every page.
 *   https://developer.mozilla.org/docs/Web/HTTP/Headers/Content-Security-Policy
 * - API: `default-src 'none'` (JSON is never a document) and `Cache-Control: no-store`
 *   (responses carry personal data; an explicit cache header set by a route wins).
 * - HSTS in production only (local http would otherwise be pinned to https).
 * - Cross-Origin-Opener-Policy `same-origin` everywhere except on the public pages that are the same for
 *   every visitor and hold nothing private (decision 081): there it made Chromium start the page in a new
 *   renderer process, which cost a phone 150–200 ms of blocking time at load in Lighthouse.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import type { Config } from '../config.ts';
import { CSP_FILE, type CspManifest } from './csp-manifest.ts';
import { ADMIN_SHELL_PATTERN } from './static.ts';

interface Policies {
  site: string;
  pages: Map<string, string>;
}

function pagePolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((hash) => `'${hash}'`).join(' ')}`.trim(),
    // Astro inlines small stylesheets and islands set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Webinar images and profile photos may be any https URL an admin entered.
    "img-src 'self' data: https:",
    // Fonts, fetch and the rest fall back to default-src 'self'.
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A page served alike to everyone, with nothing private in it: not the back office or its sign-in page,
 * not a page made for one visitor (a link's token, a signed message: those are sent `no-store`).
 */
function isSharedPublicPage(ctx: Context): boolean {
  if (ADMIN_SHELL_PATTERN.test(ctx.path) || /^\/login(\/|$)/.test(ctx.path)) return false;
  return ctx.response.is('html') === 'html' && ctx.response.get('Cache-Control') !== 'no-store';
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function securityHeaders(config: Config) {
  const manifestPath = path.join(config.siteDistDir, CSP_FILE);
  let cached: { mtimeMs: number; policies: Policies } | undefined;

  /** Re-read only when the build changes (dist/ rebuilt while the server runs, e.g. in development). */
  function currentPolicies(): Policies {
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(manifestPath).mtimeMs;
    } catch {
      // No build manifest: no inline script is allowed at all.
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const manifest: CspManifest = mtimeMs >= 0 ? JSON.parse(readFileSync(manifestPath, 'utf8')) : { scriptHashes: [] };
      const pages = new Map(Object.entries(manifest.pages ?? {}).map(([page, hashes]) => [page, pagePolicy(hashes)]));
      cached = { mtimeMs, policies: { site: pagePolicy(manifest.scriptHashes), pages } };
    }
    return cached.policies;
  }

  return async function setSecurityHeaders(ctx: Context, next: Next): Promise<void> {
    const isApi = /^\/api(\/|$)/i.test(ctx.path);
    // One look at the manifest per request (a stat: it changes only when dist/ is rebuilt).
    const policies = isApi ? undefined : currentPolicies();
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
      'Content-Security-Policy': policies ? policies.site : API_POLICY,
    });
    if (config.isProduction) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    try {
      await next();
    } finally {
      if (!policies) {
        if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store');
      } else {
        const ownPolicy = policies.pages.get(ctx.state.sitePage as string);
        if (ownPolicy) ctx.set('Content-Security-Policy', ownPolicy);
        if (isSharedPublicPage(ctx)) ctx.remove('Cross-Origin-Opener-Policy');
      }
    }
  };
}
