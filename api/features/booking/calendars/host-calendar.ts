/**
 * Each host's own subscription feed, `GET /api/calendar/<token>.ics`: their live bookings as an
 * iCalendar file any calendar application can subscribe to. The token (booking_hosts.calendar_token)
 * is the only key, so it is long, random and renewable from Paramètres (the old address then answers
 * 404). The file is written at each request, so a change shows at the application's next poll; the
 * answer may be kept a minute at most.
 */
import type Router from '@koa/router';
import { createEvents, type EventAttributes } from 'ics';
import type { Knex } from 'knex';
import { apiRouter } from '../../../platform/http/router.ts';
import { notFound } from '../../../platform/errors.ts';
import { refold } from '../../../platform/lib/calendar-lines.ts';
import { BOOKING_ACTIVITY_TITLE } from '../engine/book.ts';

type Db = Knex | Knex.Transaction;

/** Bookings that ended longer ago than this are left out: the feed stays small, the calendar keeps what it saw. */
const PAST_DAYS = 90;

export const HOST_CALENDAR_NOT_FOUND = 'Ce calendrier n’existe pas ou son adresse a été renouvelée.';

interface BookingRow {
  uid: string;
  startAt: Date;
  endAt: Date;
  status: 'confirmed' | 'held' | 'no-show';
  mode: 'video' | 'phone';
  videoUrl: string | null;
  phone: string | null;
  message: string | null;
  sequence: number;
  updatedAt: Date;
  leadId: number;
  firstName: string;
  lastName: string | null;
  email: string;
}

function eventOf(row: BookingRow, publicUrl: string | undefined): EventAttributes {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const how = row.mode === 'phone' ? `Appeler au ${row.phone ?? '(numéro non indiqué)'}` : row.videoUrl ? `Visioconférence : ${row.videoUrl}` : 'Visioconférence';
  const description = [how, `Contact : ${name} <${row.email}>`, row.message ? `Message : ${row.message}` : null, publicUrl ? `Fiche : ${publicUrl}/admin/leads/${row.leadId}` : null]
    .filter(Boolean)
    .join('\n');
  return {
    uid: row.uid,
    sequence: row.sequence,
    title: `${BOOKING_ACTIVITY_TITLE} : ${name}`,
    description,
    start: new Date(row.startAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(row.endAt).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    ...(row.mode === 'video' && row.videoUrl ? { location: row.videoUrl, url: row.videoUrl } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    lastModified: new Date(row.updatedAt).getTime(),
  };
}

/** The host's feed file, or null for an unknown token. */
export async function hostCalendarFile(db: Db, token: string, publicUrl: string | undefined, now = new Date()): Promise<string | null> {
  const host = (await db('booking_hosts').where({ calendarToken: token }).first('userId')) as { userId: number } | undefined;
  if (!host) return null;
  const rows = (await db('bookings as b')
    .join('leads as l', 'l.id', 'b.leadId')
    .where('b.hostId', host.userId)
    .whereNot('b.status', 'cancelled')
    .andWhere('b.endAt', '>', new Date(now.getTime() - PAST_DAYS * 86_400_000))
    .orderBy('b.startAt')
    .select(
      'b.uid',
      'b.startAt',
      'b.endAt',
      'b.status',
      'b.mode',
      'b.videoUrl',
      'b.phone',
      'b.message',
      'b.sequence',
      'b.updatedAt',
      'b.leadId',
      'l.firstName',
      'l.lastName',
      'l.email',
    )) as BookingRow[];
  const header = { productId: 'innercircle/rendez-vous', method: 'PUBLISH', calName: 'Appels découverte' };
  if (rows.length === 0) {
    // `ics` refuses an empty list; an empty calendar is still a valid answer (no booking yet).
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', `PRODID:${header.productId}`, `METHOD:${header.method}`, `X-WR-CALNAME:${header.calName}`, 'END:VCALENDAR', ''].join('\r\n');
  }
  const { error, value } = createEvents(
    rows.map((row) => eventOf(row, publicUrl)),
    header,
  );
  if (error || !value) throw error ?? new Error('host calendar not generated');
  return refold(value);
}

export function hostCalendarRouter(): Router {
  const router = apiRouter();

  router.get('/api/calendar/:file', async (ctx) => {
    const match = /^([A-Za-z0-9_-]{16,100})\.ics$/.exec(ctx.params.file ?? '');
    const file = match ? await hostCalendarFile(ctx.knex, match[1]!, ctx.config.publicUrl) : null;
    if (file === null) throw notFound(HOST_CALENDAR_NOT_FOUND);
    ctx.set('Cache-Control', 'private, max-age=60');
    ctx.set('Content-Disposition', 'inline; filename="rendez-vous.ics"');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.body = file;
  });

  return router;
}
