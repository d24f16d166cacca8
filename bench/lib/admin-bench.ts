/**
 * The setting every back-office benchmark starts from (admin, analytics, exports, tags): a fresh
 * migrated database, a client to seed it, the production server on it with the administrator signed
 * in and, when asked, an in-process app on the same database (to capture its queries); all of it
 * stopped and the database dropped once `run` is done, whether it succeeded or not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, migrateLatest } from '../../api/platform/db.ts';
import { createDatabase, dropDatabase } from './pg.ts';
import { startProductionServer, type RunningProcess } from './server.ts';
import { ApiSession, BENCH_ADMIN, signInAdmin, setupCodeInLog } from './http.ts';
import { startInProcessApp, type InProcessApp } from './inprocess.ts';
import { ROOT } from './util.ts';

export interface AdminBench {
  database: { name: string; url: string };
  client: pg.Client;
  server: RunningProcess;
  /** The administrator's session on the production server. */
  session: ApiSession;
}

export interface AdminBenchWithInProcess extends AdminBench {
  inProcess: InProcessApp;
  /** The administrator's session on the in-process app. */
  inProcessSession: ApiSession;
}

interface AdminBenchOptions {
  /** Names the database (`purpose`) and the server's log (`purpose-app`). */
  purpose: string;
  siteDistDir: string;
  /** The server's LOG_LEVEL; BENCH_LOG_LEVEL, else info, by default. */
  logLevel?: string;
}

export function withAdminBench<T>(options: AdminBenchOptions & { inProcess: true }, run: (bench: AdminBenchWithInProcess) => Promise<T>): Promise<T>;
export function withAdminBench<T>(options: AdminBenchOptions & { inProcess?: false }, run: (bench: AdminBench) => Promise<T>): Promise<T>;
export async function withAdminBench<T>(options: AdminBenchOptions & { inProcess?: boolean }, run: (bench: any) => Promise<T>): Promise<T> {
  const database = await createDatabase(options.purpose);
  const client = new pg.Client({ connectionString: database.url });
  let server: RunningProcess | undefined;
  let inProcess: InProcessApp | undefined;
  try {
    const knex = await openDatabase({ databaseUrl: database.url, dataDir: path.join(ROOT, 'bench', '.work') });
    await migrateLatest(knex);
    await knex.destroy();
    await client.connect();
    server = await startProductionServer({
      name: `${options.purpose}-app`,
      siteDistDir: options.siteDistDir,
      env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOG_LEVEL: options.logLevel ?? process.env.BENCH_LOG_LEVEL ?? 'info' },
    });
    const session = await signInAdmin(server.url, setupCodeInLog(readFileSync(server.logFile, 'utf8')));
    if (!options.inProcess) return await run({ database, client, server, session });
    inProcess = await startInProcessApp(database.url, options.siteDistDir);
    const inProcessSession = new ApiSession(inProcess.url);
    await inProcessSession.expect('POST', '/api/simple-auth/login', { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }, [200]);
    return await run({ database, client, server, session, inProcess, inProcessSession });
  } finally {
    await inProcess?.close();
    await server?.stop();
    await client.end().catch(() => undefined);
    await dropDatabase(database.name);
  }
}
