/**
 * A production server whose database holds something for every page the server fills at each visit
 * (tests/e2e/html-validity.test.ts, booking-manage-text.test.ts): a host with free times on weekdays, a
 * contact with a confirmed call to come and a cancelled one, a webinar to come (the landing page's
 * next-session slot), and one issue published in the newsletter's archive. Written into a copy of the
 * migrated template before the server opens it (the embedded database has one writer).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { test as base } from './fixtures.ts';
import { copyOfTemplate, launchProductionServer, removeDataDir, type ProductionServer } from './server.ts';
import { PGLITE_EXTENSIONS } from '../../api/platform/db.ts';

/** The production servers' secret in these tests (tests/e2e/server.ts). */
export const SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
const WEEK = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
export const ISSUE_SLUG = 'respirer-en-hiver';

export interface SeededPages {
  server: ProductionServer;
  leadId: number;
  /** A confirmed call at 10:00 (Swiss time) a few days ahead. */
  bookingId: number;
  cancelledBookingId: number;
  webinarId: number;
  /** An offer sent to Léa, open: its page shows the acceptance form. */
  offerId: number;
}

async function seed(dir: string): Promise<Omit<SeededPages, 'server'>> {
  const db = new PGlite({ dataDir: path.join(dir, 'pglite'), extensions: PGLITE_EXTENSIONS });
  try {
    const user = await db.query<{ id: number }>(
      `insert into users (username, email, password, first_name, last_name) values ('paul.hote', 'paul.hote@innercircle.test', '!', 'Paul', 'Hôte') returning id`,
    );
    const hostId = user.rows[0]!.id;
    await db.query(`insert into booking_hosts (user_id, is_host, weekly, overrides, video_url, calendar_token) values ($1, true, $2, '[]', 'https://meet.example.ch/paul', 'e2e-pages-host')`, [
      hostId,
      JSON.stringify(WEEK),
    ]);
    await db.query('update booking_settings set minimum_notice_minutes = 60, horizon_days = 30');
    const lead = await db.query<{ id: number }>(
      `insert into leads (first_name, last_name, email, type, source, status) values ('Léa', 'Favre', 'lea.favre@example.ch', 'webinar', 'form', 'new') returning id`,
    );
    const leadId = lead.rows[0]!.id;
    // 10:00 in Zurich, 5 and 6 days ahead: the times whose "10 h 00" must stay on one line.
    const booking = async (days: number, status: string) =>
      (
        await db.query<{ id: number }>(
          `with slot as (select (date_trunc('day', now() at time zone 'Europe/Zurich') + make_interval(days => $2::int, hours => 10)) at time zone 'Europe/Zurich' as start_at)
           insert into bookings (uid, lead_id, host_id, start_at, end_at, blocked, status, mode, video_url, cancelled_at)
           select $3, $1, $4, start_at, start_at + interval '30 minutes', tstzrange(start_at, start_at + interval '30 minutes'), $5, 'video', 'https://meet.example.ch/paul',
                  case when $5 = 'cancelled' then now() end
           from slot returning id`,
          [leadId, days, `e2e-pages-${status}@innercircle.test`, hostId, status],
        )
      ).rows[0]!.id;
    const bookingId = await booking(5, 'confirmed');
    const cancelledBookingId = await booking(6, 'cancelled');
    const webinar = await db.query<{ id: number }>(
      `insert into webinars (title, description, datetime, duration, max_attendees, is_active) values ('Les hormones du bonheur', 'En direct', now() + interval '9 days', 60, 7, true) returning id`,
    );
    const body = ['## La cohérence cardiaque', '', 'Trois fois par jour, **six respirations** par minute.', '', '{{prochains-webinaires}}', '', '{{appel-decouverte}}'].join('\n');
    await db.query(
      `insert into newsletters (subject, preheader, body, archive, slug, status, started_at, sent_at) values ('Respirer en hiver', 'Six respirations par minute', $1, true, $2, 'sent', now() - interval '3 days', now() - interval '3 days')`,
      [body, ISSUE_SLUG],
    );
    const offer = await db.query<{ id: number }>(
      `insert into offers (lead_id, status, lines, start_date, valid_until, instalments, message, net_cents, vat_cents, total_cents, vat_rate_basis_points, content_hash, sent_at)
       values ($1, 'sent', $2, current_date + 30, current_date + 14, 3, 'Comme convenu lors de notre appel.', 450000, 36450, 486450, 810, 'e2e-pages', now()) returning id`,
      [leadId, JSON.stringify([{ label: 'Programme Inner Circle — individuel', quantity: 1, unitPriceCents: 450_000 }])],
    );
    return { leadId, bookingId, cancelledBookingId, webinarId: webinar.rows[0]!.id, offerId: offer.rows[0]!.id };
  } finally {
    await db.close();
  }
}

/** `test` whose `server` is this file's seeded server (one per worker). */
export const test = base.extend<{}, { seeded: SeededPages }>({
  seeded: [
    async ({}, use) => {
      const dir = copyOfTemplate();
      const ids = await seed(dir);
      const server = await launchProductionServer({}, dir).ready;
      await use({ server, ...ids });
      await server.stop();
      removeDataDir(dir);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: async ({ seeded }, use) => {
    await use(seeded.server);
  },
});

export { expect } from './fixtures.ts';
