/**
 * The server the sending phases measure (bench/newsletter.ts, bench/sequences.ts): `npm start` on a
 * database of its own with its workers and crons, sending to a local SMTP sink (smtp-server over TCP) at
 * NEWSLETTER_RATE_PER_MINUTE, an administrator signed in and a client on the database; all stopped and
 * dropped after `fn`, whatever it throws.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createDatabase, dropDatabase } from './pg.ts';
import { startProductionServer, type RunningProcess } from './server.ts';
import { setupCodeInLog, signInAdmin, type ApiSession } from './http.ts';
import { startSmtpSink } from '../../tests/support/smtp-sink.ts';

export interface SendingServer {
  server: RunningProcess;
  session: ApiSession;
  client: pg.Client;
}

export async function withSendingServer<T>(options: { name: string; ratePerMinute: number; siteDistDir: string }, fn: (running: SendingServer) => Promise<T>): Promise<T> {
  const { name, ratePerMinute, siteDistDir } = options;
  const smtp = await startSmtpSink({ parse: false });
  const db = await createDatabase(name);
  let server: RunningProcess | undefined;
  const client = new pg.Client({ connectionString: db.url });
  try {
    server = await startProductionServer({
      name,
      siteDistDir,
      env: { DATABASE_URL: db.url, SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: String(ratePerMinute), RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
    });
    const session = await signInAdmin(server.url, setupCodeInLog(readFileSync(server.logFile, 'utf8')));
    await client.connect();
    return await fn({ server, session, client });
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await smtp.close();
    await dropDatabase(db.name);
  }
}

/** A contact request with an address of its own per request (lead capture loaded beside a send). */
export function leadRequest(origin: string, prefix: string) {
  let counter = 0;
  return {
    method: 'POST' as const,
    path: '/api/leads',
    headers: { 'content-type': 'application/json', origin },
    setupRequest: (request: { headers?: Record<string, string> }) => ({
      ...request,
      body: JSON.stringify({ firstName: 'Léa', lastName: 'Favre', email: `${prefix}-${counter++}@exemple.ch`, message: 'Je souhaite en savoir plus.', type: 'contact' }),
    }),
  };
}
