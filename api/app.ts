/**
 * The Koa application factory. Tests build it in-process (`createApp({ config, knex, logger })`);
 * api/start.ts builds it for `npm start`.
 *
 * Order of the chain, top to bottom: request id + access log → security headers → error handler (JSON
 * with a French `message`) → body parser → same-origin check on session APIs → sessions → viewers'
 * read-only rule → enrolment first → health → the features' request hooks → the features' API routers → unknown `/api/*` →
 * the static site with the features' pages. What each feature adds (its context, request hooks, routers,
 * pages) comes from its manifest, in the order of api/features/index.ts
 * (docs/decisions/136-one-manifest-per-feature.md); this file names no feature.
 */
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { isDatabaseUp } from './platform/db.ts';
import type { Logger } from './platform/logger.ts';
import { errorHandler, notFound, MESSAGES } from './platform/errors.ts';
import { bodyParser } from './platform/http/body.ts';
import { serveSite } from './platform/http/static.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { requireSameOrigin } from './platform/http/same-origin.ts';
import { FEATURES, apiRouters } from './features/index.ts';
import { readOnlyForViewers } from './platform/http/auth.ts';
import { enrolmentFirst } from './platform/http/enrolment.ts';
import { SESSION_API_PATHS, sessionMiddleware } from './platform/http/session.ts';
import type { ServerPhase } from './platform/shutdown.ts';
import { PasswordHasher } from './platform/lib/password-hasher.ts';
import { argon2Cost } from './platform/lib/passwords.ts';
import type { FeatureSite } from './platform/feature.ts';

export interface AppDependencies {
  config: Config;
  knex: Database;
  logger: Logger;
  /** The HTTP server's shutdown phase (api/platform/shutdown.ts); in-process tests run without one. */
  serverPhase?: () => ServerPhase;
}

export interface AppState {
  requestId: string;
}

export function createApp({ config, knex, logger, serverPhase = () => 'running' }: AppDependencies): Koa {
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustedProxyCount });
  app.keys = [config.sessionSecret];
  app.context.knex = knex;
  app.context.config = config;
  app.context.logger = logger;
  app.context.passwordHasher = new PasswordHasher({
    concurrency: config.passwordHashConcurrency,
    queueLength: config.passwordHashQueue,
    cost: argon2Cost(config.passwordHashCost),
  });
  const deps = { config, knex, logger };
  for (const feature of FEATURES) if ('appContext' in feature) Object.assign(app.context, feature.appContext(deps));
  // Paths whose rest is a key (an offer's signed link): logged without it (decision 131).
  const secretPrefixes = FEATURES.flatMap((feature) => ('secretPathPrefixes' in feature ? feature.secretPathPrefixes : []));
  // Errors are logged once by the error handler; Koa's default handler would print stacks to stderr.
  app.silent = true;

  app.use(async function requestLog(ctx, next) {
    const started = performance.now();
    ctx.state.requestId = randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      logger.info(
        {
          reqId: ctx.state.requestId,
          method: ctx.method,
          path: secretPrefixes.find((prefix) => ctx.path.startsWith(prefix)) ?? ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
          // Who, when signed in (an id, never an email).
          ...(ctx.state.user ? { userId: ctx.state.user.id } : {}),
        },
        'request',
      );
    }
  });
  app.use(securityHeaders(config));
  app.use(errorHandler(logger));
  app.use(bodyParser());
  // Cookie-authenticated APIs: state-changing requests must come from the site itself (CSRF).
  const sameOrigin = requireSameOrigin(config);
  app.use((ctx, next) => (SESSION_API_PATHS.test(ctx.path) ? sameOrigin(ctx, next) : next()));
  // Cookie sessions stored in the `sessions` table (only `/api/*` requests touch them).
  app.use(sessionMiddleware(app, config, knex));
  // Roles (decision 065): a viewer's state-changing admin/CRM request stops here, whatever route it names.
  app.use(readOnlyForViewers);
  // A second factor required and none yet (decision 144): that session may only enrol one.
  app.use(enrolmentFirst);

  const health = new Router({ sensitive: true });
  health.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // Shutting down: tell the load balancer at once, before asking the database anything.
    if (serverPhase() !== 'running') {
      ctx.status = 503;
      ctx.body = { status: 'draining' };
      return;
    }
    const up = await isDatabaseUp(knex);
    ctx.status = up ? 200 : 503;
    ctx.body = { status: up ? 'ok' : 'degraded', db: up ? 'ok' : 'down' };
  });
  app.use(health.routes());

  for (const feature of FEATURES) if ('requestHooks' in feature) for (const hook of feature.requestHooks(deps)) app.use(hook);
  for (const router of apiRouters()) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  // Routes match case-sensitively (`sensitive: true` on every router): `/API/admin/leads` is an unknown
  // API path, answered in JSON like any other, never a guarded route under another spelling.
  app.use(async function unknownApiPath(ctx, next) {
    if (/^\/api(\/|$)/i.test(ctx.path)) throw notFound(MESSAGES.routeNotFound);
    return next();
  });
  // The features' parts of the site: pages made at each visit, dynamic pages, the visit counter's hook.
  const sites: FeatureSite[] = FEATURES.flatMap((feature) => ('site' in feature ? [feature.site(deps, app.context)] : []));
  const servedHooks = sites.flatMap((site) => (site.onPageServed ? [site.onPageServed] : []));
  app.use(
    serveSite(config.siteDistDir, config.sessionSecret, sites.find((site) => site.nextSessionSlot)?.nextSessionSlot, {
      onPageServed: servedHooks.length === 0 ? undefined : (ctx, pagePath, status) => servedHooks.forEach((hook) => hook(ctx, pagePath, status)),
      fillers: Object.assign({}, ...sites.map((site) => site.fillers)),
      routes: sites.flatMap((site) => site.routes ?? []),
    }),
  );
  return app;
}

declare module 'koa' {
  interface DefaultContext {
    knex: Database;
    config: Config;
    logger: Logger;
    passwordHasher: PasswordHasher;
  }
}
