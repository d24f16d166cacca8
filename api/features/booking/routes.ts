/**
 * The public side of booking: `GET /api/bookings/slots` lists the free starts of the coming days, and
 * `POST /api/bookings` books one (JSON → 201 `{status: "confirmed", start, end}`, the same whether the
 * e-mail was known or not; a start no longer free → 409 with the next free starts).
 * Without JavaScript the booking page's form posts here itself (form-encoded): the answer is then a
 * page, 303 to /rendez-vous/confirme/ with the booked time, or back to /rendez-vous/ with the French
 * message (a 409, a 400, a 429), both signed (api/platform/lib/signed-message.ts).
 * The rules: ./engine/book.ts; the availability engine: ./engine/availability.ts.
 */
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { apiRouter } from '../../platform/http/router.ts';
import { bookingRequestSchema, bookingRequestSchemaFor, bookingSlotsQuerySchema } from './contract/index.ts';
import { isoDateTime } from '../../contract/fields.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { limitPerIp } from '../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../platform/lib/rate-limit.ts';
import { parseIdempotencyKey } from '../../platform/lib/idempotency.ts';
import { bookCall } from './engine/book.ts';
import { freeStarts } from './engine/free-starts.ts';
import { queueBookedEmails } from './mail/mail.ts';
import { readBookingSettings } from './engine/store.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { htmlFormFallback } from '../../platform/http/html-form-fallback.ts';
import { honeypot } from '../../platform/http/honeypot.ts';
import { confirmedMessage, linkParameters, loadBookingPageCopy, type BookingPageCopy } from './pages/page.ts';
import { BOOKING_CONFIRMED_PATH, BOOKING_PAGE_PATH, verifyPrefillToken } from './pages/page-link.ts';
import type { BookingReceipt } from './engine/book.ts';
import { submissionTouch } from '../attribution/index.ts';

const slotsSchemas = { query: bookingSlotsQuerySchema };
/** The body's type; the schema itself is chosen per request by validateBooking. */
const bookingSchemas = { body: bookingRequestSchema };

/**
 * A robot filling the honeypot gets the confirmation a person would get for the start it posted
 * (api/platform/http/honeypot.ts), and nothing is recorded.
 */
const bookingHoneypot = honeypot(async (ctx) => {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const settings = await readBookingSettings(ctx.knex);
  const start = isoDateTime('').safeParse(body?.start);
  const startMs = start.success ? Date.parse(start.data) : Date.now();
  ctx.status = 201;
  ctx.body = { status: 'confirmed', start: new Date(startMs).toISOString(), end: new Date(startMs + settings.durationMinutes * 60_000).toISOString() };
});

/** The request body's schema depends on the call's mode (by phone, the number is required). */
async function validateBooking(ctx: Context, next: Next): Promise<void> {
  const settings = await readBookingSettings(ctx.knex);
  return validate({ body: bookingRequestSchemaFor(settings.mode) }, { allowForm: true })(ctx, next);
}

let pageCopy: BookingPageCopy | undefined;

/**
 * The booking page's form without JavaScript (api/platform/http/html-form-fallback.ts): success → 303
 * to the confirmation page saying the booked day and time; a refusal → 303 back to the page with the
 * message at the top, its fresh free times and, when the page was opened from a signed link, the
 * person's name and e-mail again.
 */
const bookingFormPages = htmlFormFallback({
  success: (ctx) => {
    pageCopy ??= loadBookingPageCopy();
    return { path: BOOKING_CONFIRMED_PATH, message: confirmedMessage(pageCopy, new Date((ctx.body as BookingReceipt).start)) };
  },
  failure: (ctx, form, message) => {
    const link = linkParameters(form, 'lead', 'leadToken');
    const back = link && verifyPrefillToken(ctx.config.sessionSecret, link.id, link.token) ? { lead: String(link.id), token: link.token } : undefined;
    return { path: BOOKING_PAGE_PATH, query: back, message, anchor: 'reservation' };
  },
});

export function publicBookingRouter(): Router {
  const router = apiRouter();

  router.get('/api/bookings/slots', validate(slotsSchemas), async (ctx) => {
    const { query } = input(ctx, slotsSchemas);
    const now = new Date();
    ctx.set('Cache-Control', 'no-store');
    // Kept computed while nothing they depend on changes (decision 126).
    ctx.body = (await freeStarts(ctx.knex, now, { from: query.from ?? swissDay(now), days: query.days })).slots;
  });

  router.post('/api/bookings', bookingFormPages, limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay), bookingHoneypot, validateBooking, async (ctx) => {
    const { website: _honeypot, touchPage, touchReferrer, ...request } = input(ctx, bookingSchemas).body;
    // Where the person came from (decision 115): the contact's first touch if it has none, and the call's.
    const touch = await submissionTouch(ctx, { touchPage, touchReferrer });
    // The page's form carries its key as a field (a browser posting a form sets no header).
    const formKey = ctx.state.bodyFormat === 'form' ? (ctx.request.body as Record<string, unknown>).idempotencyKey : undefined;
    const idempotencyKey = parseIdempotencyKey(ctx.get('idempotency-key') || (typeof formKey === 'string' ? formKey : undefined));
    const reminders = ctx.config.bookingReminders;
    // The confirmation, the host's alert and the reminders commit with the booking: a 201 means they go out.
    const result = await bookCall(ctx.knex, {
      request,
      idempotencyKey,
      touch,
      publicUrl: ctx.config.publicUrl,
      withBooking: (trx, booking) => queueBookedEmails(trx, booking.id, reminders),
    });
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = result.receipt;
  });

  return router;
}
