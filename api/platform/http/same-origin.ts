/**
 * CSRF defence for cookie-authenticated, state-changing requests (on top of SameSite=Lax cookies and
 * JSON-only bodies): the request must come from the site's own origin.
 * - `Origin` present: it must equal the origin the request was addressed to (scheme + Host, which
 *   honours X-Forwarded-* only when `TRUST_PROXY` is on) or the configured `PUBLIC_URL`;
 * - no `Origin`: `Sec-Fetch-Site` must be `same-origin` (or `none`: typed in the address bar);
 * - neither header: refused (browsers send at least one on a POST/PATCH/DELETE).
 * https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html#using-standard-headers-to-verify-origin
 */
import type { Context, Next } from 'koa';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_ORIGIN_MESSAGE = 'Requête refusée : elle ne provient pas du site lui-même.';

export function isSameOriginRequest(ctx: Context, config: Config): boolean {
  const origin = ctx.get('origin');
  if (origin) {
    if (origin === 'null') return false;
    // Koa 3's `ctx.origin` echoes the Origin header: build the request's own origin instead.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    return origin === ownOrigin || (config.publicUrl !== undefined && origin === config.publicUrl);
  }
  const site = ctx.get('sec-fetch-site');
  return site === 'same-origin' || site === 'none';
}

/**
 * A navigation started by another site (a link or an image on another page): the browser says so in
 * `Sec-Fetch-Site`. `same-site` counts too (a sibling subdomain is not this site). Without the header
 * (older browsers, scripts) the request is not known to come from elsewhere.
 */
export function isNavigationFromAnotherSite(ctx: Context): boolean {
  const site = ctx.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/** Guards state-changing methods of the routes it is mounted on. */
export function requireSameOrigin(config: Config) {
  return async function sameOrigin(ctx: Context, next: Next): Promise<void> {
    if (!SAFE_METHODS.has(ctx.method) && !isSameOriginRequest(ctx, config)) throw forbidden(CROSS_ORIGIN_MESSAGE);
    return next();
  };
}
