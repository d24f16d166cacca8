/**
 * E-mail faults (decision 022: e-mails through pg-boss, sent once), on a real SMTP server over TCP:
 * - the SMTP server is down while visitors sign up, then comes back: every sign-up still answers 201 at
 *   once, and each e-mail is delivered exactly once (PGlite and PostgreSQL);
 * - two `npm start` processes with workers on one PostgreSQL: each e-mail is delivered exactly once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../api/harness.ts';
import { startProductionServer, removeDataDir, type ProductionServer } from '../e2e/server.ts';
import { TestClient } from '../api/harness.ts';
import { startSmtpSink, waitUntil, type SmtpSink } from '../support/smtp-sink.ts';
import type { Database } from '../../api/platform/db.ts';
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';

function webinarSignUp(client: TestClient, index: number) {
  return client.post('/api/leads', { firstName: `Inscrit${index}`, email: `inscrit${index}@example.ch`, type: 'webinar' });
}
function contactRequest(client: TestClient, index: number) {
  return client.post('/api/leads', { firstName: `Contact${index}`, email: `contact${index}@example.ch`, phone: '+41 79 000 00 00', type: 'contact' });
}

/** Due send jobs not finished yet: none left means nothing more can go out. */
async function pendingSendJobs(knex: Database): Promise<number> {
  const { rows } = await knex.raw<{ rows: Array<{ count: string }> }>(
    `select count(*) from pgboss.job where name = 'emails-send' and state in ('created', 'retry', 'active') and start_after <= now() + interval '1 minute'`,
  );
  return Number(rows[0]!.count);
}

/** Every accepted message once, and as many as there are rows to send. */
function expectEachOnce(smtp: SmtpSink, expected: number) {
  const ids = smtp.messages.map((message) => message.parsed.messageId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(expected);
}

describe.each(['pglite', 'pg'] as const)('SMTP down during sign-ups, then up (%s)', (engine) => {
  let app: TestApp;
  let smtp: SmtpSink;
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('answers every sign-up at once and delivers each e-mail exactly once when the server is back', async () => {
    process.env.TEST_DB = engine;
    smtp = await startSmtpSink();
    app = await startTestApp({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'equipe@clairval.ch', EMAIL_RETRY_DELAY_SECONDS: '1', WEBINAR_REMINDERS: '60' });
    await app.knex('webinars').insert({ title: 'Session', description: 'x', datetime: new Date(Date.now() + 30 * 86_400_000) });
    await smtp.down();

    const client = app.client();
    const started = performance.now();
    const answers = await Promise.all([...Array.from({ length: 8 }, (_, index) => webinarSignUp(client, index)), ...Array.from({ length: 4 }, (_, index) => contactRequest(client, index))]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    // No SMTP call in the request path: a dead server does not slow capture down (bounded, not timed).
    expect(performance.now() - started).toBeLessThan(10_000);

    // 8 confirmations + 4 acknowledgements + 12 team alerts are waiting, with their error recorded.
    const immediate = async () => app.knex('emails').where('sendAfter', '<=', app.knex.fn.now());
    await waitUntil(
      async () => {
        const rows = await immediate();
        return rows.length === 24 && rows.every((row) => row.attempts >= 1 && row.lastError) ? rows : undefined;
      },
      60_000,
      'every e-mail tried once while the server is down',
    );
    expect((await immediate()).every((row) => row.status === 'queued')).toBe(true);
    expect(smtp.messages).toHaveLength(0);

    await smtp.up();
    await smtp.waitFor((messages) => messages.length >= 24, 90_000);
    await waitUntil(async () => (await immediate()).every((row) => row.status === 'sent') && (await pendingSendJobs(app.knex)) === 0, 60_000, 'all sent, no job left');
    expectEachOnce(smtp, 24);
    const addresses = smtp.messages.flatMap((message) => message.envelopeTo);
    for (let index = 0; index < 8; index += 1) expect(addresses.filter((address) => address === `inscrit${index}@example.ch`)).toHaveLength(1);
  }, 240_000);
});

describe('two npm start processes with workers on one PostgreSQL', () => {
  let scratch: ScratchDatabase | undefined;
  const servers: ProductionServer[] = [];
  let smtp: SmtpSink;

  afterAll(async () => {
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
    await smtp?.close();
    await scratch?.drop();
  });

  it('sends each e-mail once, whichever instance took the sign-up', async () => {
    smtp = await startSmtpSink();
    scratch = await createScratchDatabase('mail');
    const url = scratch.url;
    const shared = { DATABASE_URL: url, SESSION_SECRET: randomBytes(32).toString('hex'), SMTP_URL: smtp.url, NOTIFY_EMAIL: 'equipe@clairval.ch' };
    servers.push(await startProductionServer(shared));
    servers.push(await startProductionServer(shared));
    expect(servers[0]!.output()).toContain(`E-mails : envoyés par SMTP à smtp://127.0.0.1:${smtp.port}.`);

    const database = new pg.Client({ connectionString: url });
    await database.connect();
    try {
      await database.query(`insert into webinars (title, description, datetime) values ('Session', 'x', now() + interval '30 days')`);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 3 === 0 ? contactRequest : webinarSignUp)(new TestClient(servers[index % 2]!.url), index)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
      // 7 contact requests (acknowledgement + alert), 13 sign-ups (confirmation + alert): 40 e-mails.
      await smtp.waitFor((messages) => messages.length >= 40, 90_000);
      await waitUntil(
        async () => {
          const { rows } = await database.query(`select count(*) filter (where status = 'sent') as sent, count(*) as due from emails where send_after <= now()`);
          const pending = await database.query(`select count(*) from pgboss.job where name = 'emails-send' and state in ('created', 'retry', 'active') and start_after <= now()`);
          return Number(rows[0].sent) === 40 && Number(rows[0].due) === 40 && Number(pending.rows[0].count) === 0;
        },
        60_000,
        'all 40 sent, no job left',
      );
      expectEachOnce(smtp, 40);
    } finally {
      await database.end();
    }
  }, 240_000);
});
