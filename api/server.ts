/**
 * Runs the app on an HTTP server with a graceful shutdown (api/platform/shutdown.ts): on SIGTERM/SIGINT the
 * health check says "draining" while requests are still served for SHUTDOWN_GRACE_SECONDS, then the
 * listener closes, in-flight requests finish (10 s at most), the features' `requestsDone` steps run (the
 * visits counted since the last batch are written), the job workers finish their jobs, the features'
 * `workersDone` steps run, the database closes, exit 0. What each feature does at the start and the stop
 * is its manifest's `server` (docs/decisions/136-one-manifest-per-feature.md); this file names no feature.
 */
import http from 'node:http';
import type { Config } from './platform/config.ts';
import { createApp } from './app.ts';
import { bindModels, databaseOptions, migrateLatest, openDatabase, type Database } from './platform/db.ts';
import { createLogger, type Logger } from './platform/logger.ts';
import { createShutdownController, SHUTDOWN_DRAIN_MS } from './platform/shutdown.ts';
import type { FeatureStop } from './platform/feature.ts';
import { FEATURES } from './features/index.ts';
import { startJobs } from './jobs.ts';
import { createQuietGate, createRequestLoad } from './platform/lib/request-load.ts';

export interface RunningServer {
  server: http.Server;
  knex: Database;
  logger: Logger;
  url: string;
  stop: () => Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  for (const feature of FEATURES) if ('server' in feature && 'beforeOpen' in feature.server) await feature.server.beforeOpen(config);
  const knex = await openDatabase(databaseOptions(config));
  bindModels(knex);
  const applied = await migrateLatest(knex);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');

  const lifecycle = createShutdownController();
  const app = createApp({ config, knex, logger, serverPhase: lifecycle.phase });
  // The features' start (the control socket, the setup code, the housekeeping timer), before the workers start.
  const deps = { config, knex, logger };
  const controlHandlers = Object.assign({}, ...FEATURES.map((feature) => ('controlHandlers' in feature ? feature.controlHandlers(deps) : {})));
  const stops: FeatureStop[] = [];
  for (const feature of FEATURES) {
    if (!('server' in feature) || !('start' in feature.server)) continue;
    const stop = await feature.server.start({ ...deps, context: app.context, controlHandlers });
    if (stop) stops.push(stop);
  }
  let url = '';
  // E-mail workers wait while the requests keep this process busy (decision 079).
  const requestLoad = createRequestLoad();
  const whenQuiet = createQuietGate({ quietFor: requestLoad.quietFor });
  const jobs = await startJobs({ config, knex, logger, publicUrl: () => url, graceMs: SHUTDOWN_DRAIN_MS, whenQuiet });
  const server = http.createServer(requestLoad.track(lifecycle.wrap(app.callback())));
  lifecycle.attach(server);
  // Bound how long a slow client can hold a socket (slowloris) without hurting normal keep-alive.
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  // An idle keep-alive connection stays open longer than the idle timeouts of the clients and proxies in
  // front of us (60 s for most load balancers). With Node's default of 5 s, a client reusing a connection
  // at the moment the server closes it gets a reset (seen as "socket hang up" in a browser test), and a
  // proxy answers 502: https://nodejs.org/api/http.html#serverkeepalivetimeout
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info({ graceMs: config.shutdownGraceMs }, 'draining');
      for (const stop of stops) await stop.draining?.();
      await lifecycle.shutdown(config.shutdownGraceMs);
      for (const stop of stops) await stop.requestsDone?.(); // no request is left
      await jobs.stop(); // workers drained before the database closes
      for (const stop of stops) await stop.workersDone?.();
      await knex.destroy();
      logger.info('stopped');
    })();
    return stopping;
  };
  return { server, knex, logger, url, stop };
}
