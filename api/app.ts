/**
 * The Koa application factory. Tests build it in-process (`createApp({ config, knex, logger })`);
 * api/start.ts builds it for `npm start`.
 *
 * Order of the chain, top to bottom: request id + access log → security headers → error handler (JSON
 * with a French `message`) → body parser → same-origin check on session APIs → API routers →
 * unknown `/api/*` → the static site, which tells the visit counter of each page it serves (decision 111).
 * The counter writes in batches: whoever stops the app calls `app.context.visits.stop()` before closing
 * the database (api/server.ts, the tests' harness).
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
import { apiRouters } from './features/index.ts';
import { readOnlyForViewers } from './platform/http/auth.ts';
import { SESSION_API_PATHS, sessionMiddleware } from './platform/http/session.ts';
import type { ServerPhase } from './platform/shutdown.ts';
import { PasswordHasher } from './platform/lib/password-hasher.ts';
import { argon2Cost } from './platform/lib/passwords.ts';
import { createSetupCode, type SetupCode } from './features/accounts/index.ts';
import { invalidateNextSession, nextSession, loadSessionCopy, nextSessionHtml } from './features/webinars/index.ts';
import { createVisitCounter, type VisitCounter } from './features/attribution/index.ts';
import { bookingPageFiller, manageVisitPage } from './features/booking/index.ts';
import { archiveIssueRoute, archiveListFiller, archiveSitemapFiller } from './features/newsletters/index.ts';
import { OFFER_PAGE_PREFIX, offerPageRoute } from './features/offers/index.ts';

/** Requests that may change a webinar or who holds its seats (admin edits, sign-ups, cancellations). */
const WEBINAR_WRITES = /^\/api\/(leads$|registrations\/|admin(-dev)?\/(webinars|registrations|leads))/;


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
  app.context.setupCode = createSetupCode(config);
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
          // An offer's signed link is a key to the person's offer: logged without it (decision 131).
          path: ctx.path.startsWith(OFFER_PAGE_PREFIX) ? OFFER_PAGE_PREFIX : ctx.path,
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

  // Any change to webinars or registrations made through this instance shows on the public pages at once.
  app.use(async function webinarChanges(ctx, next) {
    await next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && WEBINAR_WRITES.test(ctx.path)) invalidateNextSession(knex);
  });
  for (const router of apiRouters(config)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  // Routes match case-sensitively (`sensitive: true` on every router): `/API/admin/leads` is an unknown
  // API path, answered in JSON like any other, never a guarded route under another spelling.
  app.use(async function unknownApiPath(ctx, next) {
    if (/^\/api(\/|$)/i.test(ctx.path)) throw notFound(MESSAGES.routeNotFound);
    return next();
  });
  const sessionCopy = loadSessionCopy();
  const visits = createVisitCounter({ config, knex, logger });
  app.context.visits = visits;
  // Pages made at each visit: the booking page's free times change by the minute, the manage page shows
  // one booking as it is now (api/features/booking/pages/page.ts, manage-page.ts); the newsletter's archive and
  // the sitemap list the issues published so far (api/features/newsletters/archive-pages.ts).
  const fillers = {
    'rendez-vous/index.html': bookingPageFiller(knex, { secret: config.sessionSecret }),
    'rendez-vous/gerer/index.html': manageVisitPage(knex, config.sessionSecret),
    'newsletter/index.html': archiveListFiller(knex),
    'sitemap-0.xml': archiveSitemapFiller(knex),
  };
  app.use(
    serveSite(config.siteDistDir, config.sessionSecret, async () => nextSessionHtml(sessionCopy, await nextSession(knex)), {
      onPageServed: visits.onPageServed,
      fillers,
      routes: [archiveIssueRoute(knex, config.publicUrl ?? ''), offerPageRoute(knex, config.sessionSecret)],
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
    setupCode: SetupCode;
    /** The visits counted in memory, written in batches (decision 111). */
    visits: VisitCounter;
  }
}
