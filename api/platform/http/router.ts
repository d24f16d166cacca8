/**
 * Every API router comes from here, so none can forget that routes match case-sensitively:
 * `/API/admin/leads` must be an unknown path (JSON 404), never a second spelling of a guarded route.
 */
import Router from '@koa/router';

export function apiRouter(options: { prefix?: string } = {}): Router {
  return new Router({ ...options, sensitive: true });
}
