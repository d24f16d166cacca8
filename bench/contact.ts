/**
 * Phase `contact`: opening a contact's page with 5,000 activities beside one with 5 (decision 089).
 * Among 10,000 seeded contacts (each with a few activities and e-mails), two contacts get 5 and 5,000
 * activities, 5 and 200 e-mails, 2 and 30 registrations; then, against the production server on
 * PostgreSQL, the calls the contact page makes when it opens are sent together, as the browser does
 * (the contact, its tags, consents, first page of activities, e-mails and registrations), and the
 * wall time of the whole set is timed. Target: p95 < 1 s for the contact with 5,000 activities.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, migrateLatest } from '../api/platform/db.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer, type RunningProcess } from './lib/server.ts';
import { signInAdmin, setupCodeInLog, type ApiSession } from './lib/http.ts';
import { seedLeadsTo } from './seed.ts';
import { ROOT, log } from './lib/util.ts';
import { pickLatency } from './lib/latency.ts';

export const CONTACT_TARGET_P95_MS = 1000;
const BACKGROUND_CONTACTS = 10_000;

export interface ContactCase {
  activities: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Bytes of the activities answer (its first page). */
  activitiesBytes: number;
  /** Bytes of every answer of the set. */
  totalBytes: number;
  error?: string;
}

export interface ContactResult {
  cases: ContactCase[];
  samples: number;
  backgroundContacts: number;
}

/** The calls LeadDetail and its cards make when the page opens (site/admin/features/contacts/LeadDetail.tsx). */
export function contactPageCalls(id: number): string[] {
  return [
    `/api/admin/leads/${id}`,
    `/api/crm/leads/${id}/tags`,
    `/api/admin/leads/${id}/consents`,
    `/api/crm/leads/${id}/activities?page=1&limit=20`,
    `/api/admin/leads/${id}/emails?page=1&limit=20`,
    `/api/admin/leads/${id}/registrations?page=1&limit=20`,
  ];
}

async function openContact(session: ApiSession, id: number) {
  const started = performance.now();
  const answers = await Promise.all(contactPageCalls(id).map((call) => session.request('GET', call)));
  const wallMs = performance.now() - started;
  const failed = answers.find((answer) => answer.status !== 200);
  const bytes = answers.map((answer) => Buffer.byteLength(JSON.stringify(answer.body)));
  return { wallMs, failed: failed ? `HTTP ${failed.status}` : undefined, activitiesBytes: bytes[3]!, totalBytes: bytes.reduce((a, b) => a + b, 0) };
}

/** A contact with `activities` activities, `emails` e-mails and `registrations` registrations. */
async function seedContact(client: pg.Client, email: string, activities: number, emails: number, registrations: number): Promise<number> {
  const { rows } = await client.query<{ id: number }>(`insert into leads (first_name, last_name, email) values ('Banc', 'Contact', $1) returning id`, [email]);
  const id = rows[0]!.id;
  await client.query(
    `insert into activities (lead_id, type, status, title, description, created_at)
     select $1::int, 'note', 'completed', 'Nouvelle demande de contact', 'Message envoyé depuis le formulaire public, numéro ' || n, now() - n * interval '7 minutes'
     from generate_series(1, $2::int) as n`,
    [id, activities],
  );
  await client.query(
    `insert into emails (kind, cause_key, to_address, lead_id, status, subject, created_at)
     select 'contact_acknowledgement', 'bench-contact:' || $1::int || ':' || n, $3, $1::int, 'sent', 'Votre demande', now() - n * interval '9 minutes'
     from generate_series(1, $2::int) as n`,
    [id, emails, email],
  );
  await client.query(
    `with sessions as (
       insert into webinars (title, datetime) select 'Session banc ' || $1::int || '-' || n, now() + n * interval '3 days' from generate_series(1, $2::int) as n returning id
     )
     insert into webinar_registrations (webinar_id, lead_id) select id, $1::int from sessions`,
    [id, registrations],
  );
  return id;
}

export async function benchContact(options: { siteDistDir: string; samples: number }): Promise<ContactResult> {
  const database = await createDatabase('contact');
  const client = new pg.Client({ connectionString: database.url });
  let server: RunningProcess | undefined;
  const cases: ContactCase[] = [];
  try {
    const knex = await openDatabase({ databaseUrl: database.url, dataDir: path.join(ROOT, 'bench', '.work') });
    await migrateLatest(knex);
    await knex.destroy();
    await client.connect();
    log(`contact: seeding ${BACKGROUND_CONTACTS.toLocaleString('fr-CH')} contacts with 3 activities and 1 e-mail each…`);
    await seedLeadsTo(client, BACKGROUND_CONTACTS);
    await client.query(`insert into activities (lead_id, type, status, title, created_at) select id, 'note', 'completed', 'Note', created_at from leads, generate_series(1, 3)`);
    await client.query(`insert into emails (kind, cause_key, to_address, lead_id, status, created_at) select 'team_alert', 'bench-bg:' || id, email, id, 'sent', created_at from leads`);
    const small = await seedContact(client, 'banc.cinq@exemple.fr', 5, 5, 2);
    const large = await seedContact(client, 'banc.cinq-mille@exemple.fr', 5000, 200, 30);
    await client.query('vacuum analyze');
    server = await startProductionServer({
      name: 'contact-app',
      siteDistDir: options.siteDistDir,
      env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    });
    const session = await signInAdmin(server.url, setupCodeInLog(readFileSync(server.logFile, 'utf8')));
    for (const [id, activities] of [
      [small, 5],
      [large, 5000],
    ] as const) {
      await openContact(session, id); // warm-up
      const times: number[] = [];
      let last = await openContact(session, id);
      for (let index = 0; index < options.samples; index++) {
        last = await openContact(session, id);
        times.push(last.wallMs);
      }
      const result: ContactCase = {
        activities,
        ...pickLatency(times),
        activitiesBytes: last.activitiesBytes,
        totalBytes: last.totalBytes,
      };
      if (last.failed) result.error = last.failed;
      log(`contact with ${activities} activities: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms; activities answer ${result.activitiesBytes} B, all ${result.totalBytes} B`);
      cases.push(result);
    }
  } finally {
    await server?.stop();
    await client.end().catch(() => undefined);
    await dropDatabase(database.name);
  }
  return { cases, samples: options.samples, backgroundContacts: BACKGROUND_CONTACTS };
}

/** The section of bench/RESULTS.md. */
export function renderContactSection(result: ContactResult | undefined, heading: string): string[] {
  if (!result) return [];
  const out = [heading, ''];
  out.push(
    `The calls the contact page makes when it opens (${contactPageCalls(0).length}, sent together as the browser does: the contact, tags, consents and the first page of activities, e-mails and registrations), timed from the first request to the last answer, on \`npm start\` + PostgreSQL with ${result.backgroundContacts.toLocaleString('en-US')} other contacts. p95 target < ${CONTACT_TARGET_P95_MS} ms with 5,000 activities. ${result.samples} samples per contact.`,
    '',
  );
  out.push('| Activities | p50 (ms) | p95 (ms) | max (ms) | Activities answer (bytes) | All answers (bytes) |');
  out.push('| --- | --- | --- | --- | --- | --- |');
  for (const item of result.cases) {
    out.push(
      `| ${item.activities.toLocaleString('en-US')} | ${item.error ? `failed: ${item.error}` : item.p50Ms} | ${item.p95Ms} | ${item.maxMs} | ${item.activitiesBytes.toLocaleString('en-US')} | ${item.totalBytes.toLocaleString('en-US')} |`,
    );
  }
  out.push('');
  return out;
}
