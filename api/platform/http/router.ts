/**
 * Every API router comes from here, so none can forget that routes match case-sensitively:
 * `/API/admin/leads` must be an unknown path (JSON 404), never a second spelling of a guarded route.
 */
import Router from '@koa/router';

export function apiRouter(options: { prefix?: string } = {}): Router {
  return new Router({ ...options, sensitive: true });
}

/**
 * The admin API answers at both bases with the same handlers and the same sign-in: the tabbed page
 * (/admin-dev) calls /api/admin-dev, but contact data is never served to someone signed out.
 */
export const ADMIN_API_BASES = ['/api/admin', '/api/admin-dev'] as const;
