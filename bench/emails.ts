/**
 * `node bench/emails.ts` (issue 12): the e-mail pipeline of `npm start` on PostgreSQL, against a local
 * SMTP sink (smtp-server over TCP, messages counted, not parsed):
 *   1. sign-up → SMTP accepted: webinar sign-ups at 20 per second for 15 s, latency from the 201 to the
 *      sink accepting the confirmation (p50, p95, max);
 *   2. backlog drain: 10,000 queued e-mails (rows + send jobs) sent by one instance with workers; rate,
 *      and the worker process's RSS before and after.
 * Lead capture with the jobs enqueued is the `leads` phase of `npm run bench` (the route enqueues them).
 * Appends its figures to bench/EMAILS.md. Needs PostgreSQL at BENCH_DATABASE_URL.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer, type RunningProcess } from './lib/server.ts';
import { ROOT, log, percentile, round } from './lib/util.ts';
import { startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink.ts';

const SITE = path.join(ROOT, 'dist');

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signUpLatency(smtp: SmtpSink): Promise<string> {
  const db = await createDatabase('emails-latency');
  let server: RunningProcess | undefined;
  const accepted = new Map<string, number>();
  smtp.messages.length = 0;
  try {
    server = await startProductionServer({ name: 'emails-latency', siteDistDir: SITE, env: { DATABASE_URL: db.url, SMTP_URL: smtp.url, NOTIFY_EMAIL: 'equipe@example.ch', RATE_LIMITS: 'off', LOG_LEVEL: 'warn' } });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`insert into webinars (title, description, datetime, max_attendees) values ('Bench', 'x', now() + interval '30 days', 1000)`);
    await client.end();
    const sent = new Map<string, number>();
    const total = 300;
    const started = Date.now();
    const requests: Promise<void>[] = [];
    for (let index = 0; index < total; index += 1) {
      const due = started + index * 50; // 20 per second
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const email = `bench${index}@example.ch`;
      requests.push(
        fetch(`${server.url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Bench', email, type: 'webinar' }) }).then(async (response) => {
          await response.arrayBuffer();
          if (response.status !== 201) throw new Error(`status ${response.status}`);
          sent.set(email, Date.now());
        }),
      );
    }
    await Promise.all(requests);
    await smtp.waitFor((messages) => {
      for (const message of messages) for (const to of message.envelopeTo) if (!accepted.has(to)) accepted.set(to, message.receivedAt);
      return [...sent.keys()].every((email) => accepted.has(email));
    }, 120_000);
    const latencies = [...sent].map(([email, at]) => accepted.get(email)! - at);
    return `| sign-up → SMTP accepted (confirmation), 20 sign-ups/s × 15 s | ${total} | p50 ${round(percentile(latencies, 50))} ms, p95 ${round(percentile(latencies, 95))} ms, max ${Math.max(...latencies)} ms | p95 < 2000 ms |`;
  } finally {
    await server?.stop();
    await dropDatabase(db.name);
  }
}

/** Queues `count` acknowledgement rows and their send jobs, as the prepare worker would. */
async function queueBacklog(client: pg.Client, databaseUrl: string, count: number, round_: number): Promise<void> {
  const { rows } = await client.query(
    `insert into emails (kind, cause_key, to_address, data)
     select 'contact_acknowledgement', 'bench:' || $2::int || ':' || n, 'visiteur' || n || '@example.ch', '{"firstName":"Léa"}'::jsonb
     from generate_series(1, $1) as n returning id`,
    [count, round_],
  );
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
  await boss.start();
  for (let offset = 0; offset < rows.length; offset += 1000) {
    await boss.insert('emails-send', rows.slice(offset, offset + 1000).map((row: { id: number }) => ({ data: { emailId: row.id } })));
  }
  await boss.stop();
}

/**
 * Two backlogs of 10,000 e-mails, one after the other, through the same instance: the first shows the
 * rate and how far memory grows from a fresh start (V8 sizes its heap to the work); the second shows
 * whether it keeps growing. Memory is flat when the second drain ends where the first did.
 */
async function backlogDrain(): Promise<string[]> {
  const smtp = await startSmtpSink({ parse: false });
  const db = await createDatabase('emails-backlog');
  let server: RunningProcess | undefined;
  const count = 10_000;
  try {
    // A web-only instance installs the schema; the first backlog is queued while nothing sends.
    const webOnly = await startProductionServer({ name: 'emails-backlog-web', siteDistDir: SITE, env: { DATABASE_URL: db.url, WORKERS: 'off', LOG_LEVEL: 'warn' } });
    await webOnly.stop();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await queueBacklog(client, db.url, count, 1);
    server = await startProductionServer({ name: 'emails-backlog', siteDistDir: SITE, env: { DATABASE_URL: db.url, SMTP_URL: smtp.url, LOG_LEVEL: 'warn' } });
    const pid = server.process.pid!;
    const lines: string[] = [];
    for (let round_ = 1; round_ <= 2; round_ += 1) {
      if (round_ === 2) await queueBacklog(client, db.url, count, round_);
      const before = rssMb(pid);
      const started = Date.now();
      let peak = before;
      await waitFor(() => {
        peak = Math.max(peak, rssMb(pid));
        return smtp.accepted() >= count * round_;
      }, 600_000);
      const seconds = (Date.now() - started) / 1000;
      await waitFor(async () => Number((await client.query(`select count(*) from emails where status = 'sent'`)).rows[0].count) === count * round_, 60_000);
      const after = rssMb(pid);
      const what = round_ === 1 ? `backlog of ${count} e-mails drained by one instance (fresh start)` : `a second backlog of ${count} through the same instance`;
      lines.push(`| ${what} | ${count} | ${round(count / seconds)} e-mails/s (${round(seconds)} s); RSS ${round(before)} MB before, ${round(after)} MB after, peak ${round(peak)} MB | ≥ 100/s${round_ === 2 ? ', RSS after ≤ first drain’s peak' : ''} |`);
    }
    await client.end();
    return lines;
  } finally {
    await server?.stop();
    await smtp.close();
    await dropDatabase(db.name);
  }
}

const smtp = await startSmtpSink();
log('emails: sign-up → SMTP latency');
const latency = await signUpLatency(smtp);
await smtp.close();
log('emails: 10,000-email backlog');
const drain = await backlogDrain();
const report = [
  '',
  `## ${new Date().toISOString()} (load average ${(await import('node:os')).loadavg().map((value) => round(value)).join(', ')})`,
  '',
  '| measure | e-mails | result | target |',
  '|---|---|---|---|',
  latency,
  ...drain,
  '',
].join('\n');
appendFileSync(path.join(ROOT, 'bench', 'EMAILS.md'), report);
console.log(report);
