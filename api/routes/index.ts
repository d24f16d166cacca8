import type Router from '@koa/router';
import type { Config } from '../config.ts';

/** Every API router, in the order they are mounted. Each router defines full `/api/...` paths. */
export function apiRouters(_config: Config): Router[] {
  return [];
}
