/**
 * The app built in this process on the benchmark database (same code as `npm start`), used only to
 * learn which SQL a request runs: knex's `query` events give the exact statements and bindings, which
 * we then run under EXPLAIN (ANALYZE, BUFFERS). Timings are never taken here (see admin.ts).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/platform/config.ts';
import { createLogger } from '../../api/platform/logger.ts';
import { bindModels, databaseOptions, openDatabase, type Database } from '../../api/platform/db.ts';
import { SESSION_SECRET } from './server.ts';
import { startJobs } from '../../api/jobs.ts';

export interface CapturedQuery {
  sql: string;
  bindings: unknown[];
}

export interface InProcessApp {
  url: string;
  knex: Database;
  capture: <T>(fn: () => Promise<T>) => Promise<{ value: T; queries: CapturedQuery[] }>;
  close: () => Promise<void>;
}

export async function startInProcessApp(databaseUrl: string, siteDistDir: string): Promise<InProcessApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'innercircle-bench-inprocess-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    SITE_DIST_DIR: siteDistDir,
    PUBLIC_URL: 'http://127.0.0.1',
    // Submissions enqueue their e-mail jobs (decision 022); nothing is sent from this process.
    WORKERS: 'off',
  });
  const knex = await openDatabase(databaseOptions(config));
  bindModels(knex);
  let sink: CapturedQuery[] | undefined;
  knex.on('query', (query: { sql: string; bindings?: unknown[] }) => sink?.push({ sql: query.sql, bindings: query.bindings ?? [] }));
  const jobs = await startJobs({ config, knex, logger: createLogger('silent'), publicUrl: () => 'http://127.0.0.1' });
  const app = createApp({ config, knex, logger: createLogger('silent') });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    knex,
    capture: async (fn) => {
      const queries: CapturedQuery[] = [];
      sink = queries;
      try {
        return { value: await fn(), queries };
      } finally {
        sink = undefined;
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await jobs.stop();
      await knex.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
