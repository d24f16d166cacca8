/**
 * The head of a fault test that kills production servers (`kill -9`) and starts them again on one
 * PostgreSQL: a scratch database, an SMTP sink and a small pool on the database made before the first
 * test; after the last, every server `start` started stopped and its DATA_DIR removed, then the rest.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startProductionServer, removeDataDir, type ProductionServer } from '../e2e/server.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';

export interface KillableServers {
  scratch: ScratchDatabase;
  smtp: SmtpSink;
  /** Two connections to the scratch database, to prepare what the servers read and to check what they wrote. */
  db: pg.Pool;
  /** `npm start` with `env`, cleaned up after the file's last test. */
  start: (env: Record<string, string>) => Promise<ProductionServer>;
  /** `kill -9`, returning once the process is gone. */
  kill: (server: ProductionServer) => Promise<void>;
}

/** Sets the above up for the file, its database named after `prefix`; its parts are there from the first test on. */
export function setUpKillableServers(prefix: string): KillableServers {
  const servers: ProductionServer[] = [];
  let scratch: ScratchDatabase | undefined;
  let smtp: SmtpSink | undefined;
  let db: pg.Pool | undefined;
  const made = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('setUpKillableServers: the database, the sink and the pool come with the first test.');
    return part;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(prefix);
    smtp = await startSmtpSink();
    db = new pg.Pool({ connectionString: scratch.url, max: 2 });
    // The pool's last connections may still be closing when the scratch database is dropped WITH (FORCE):
    // the server ends them ("terminating connection due to administrator command") and the pool re-emits
    // that on itself. Only idle connections report here (a query's own error rejects its promise).
    db.on('error', () => {});
  });

  afterAll(async () => {
    for (const server of servers) {
      await server.stop().catch(() => undefined);
      removeDataDir(server.dataDir);
    }
    await db?.end();
    await smtp?.close();
    await scratch?.drop();
  });

  return {
    get scratch() {
      return made(scratch);
    },
    get smtp() {
      return made(smtp);
    },
    get db() {
      return made(db);
    },
    async start(env) {
      const server = await startProductionServer(env);
      servers.push(server);
      return server;
    },
    async kill(server) {
      server.process.kill('SIGKILL');
      if (server.process.exitCode === null && server.process.signalCode === null) await new Promise((resolve) => server.process.once('exit', resolve));
    },
  };
}
