/**
 * For the journeys that write straight into their database what no screen does (a session moved into
 * the past, confirmed subscribers): `npm start` on a PostgreSQL database of the file's own, with every
 * e-mail caught by the real SMTP sink over TCP. One sink, one database and one server per worker, in
 * place of the worker's shared server (webinar-funnel.test.ts, newsletter-fixtures.ts).
 */
import { test as base } from './fixtures.ts';
import { startProductionServer, removeDataDir, type ProductionServer } from './server.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { createScratchDatabase } from '../scratch-database.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresServerFixtures {
  smtp: SmtpSink;
  databaseUrl: string;
  postgresServer: ProductionServer;
}

/** `test` on such a server: its database named after `prefix`, the team's alerts to equipe@clairval.ch, and `env` on top. */
export function testOnPostgres(prefix: string, env: Record<string, string> = {}) {
  return base.extend<{}, PostgresServerFixtures>({
    smtp: [
      async ({}, use) => {
        const smtp = await startSmtpSink();
        await use(smtp);
        await smtp.close();
      },
      { scope: 'worker' },
    ],
    databaseUrl: [
      async ({}, use) => {
        const database = await createScratchDatabase(prefix);
        await use(database.url);
        await database.drop();
      },
      { scope: 'worker' },
    ],
    postgresServer: [
      async ({ smtp, databaseUrl }, use) => {
        const server = await startProductionServer({ SMTP_URL: smtp.url, DATABASE_URL: databaseUrl, NOTIFY_EMAIL: 'equipe@clairval.ch', ...env });
        await use(server);
        await server.stop();
        removeDataDir(server.dataDir);
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    // This file's server for every test of the file, in place of the worker's shared one.
    server: async ({ postgresServer }, use) => {
      await use(postgresServer);
    },
  });
}

/** The first message the SMTP sink received for `address` whose subject matches, once it has come. */
export async function mailTo(smtp: SmtpSink, address: string, subject: RegExp, timeoutMs = 30_000): Promise<ReceivedMail> {
  const matches = (message: ReceivedMail) => message.envelopeTo.includes(address) && subject.test(message.parsed.subject ?? '');
  await smtp.waitFor((messages) => messages.some(matches), timeoutMs);
  return smtp.messages.find(matches)!;
}
