/**
 * The public side of booking: `GET /api/bookings/slots` lists the free starts of the coming days, and
 * `POST /api/bookings` books one (JSON → 201 `{status: "confirmed", start, end}`, the same whether the
 * e-mail was known or not; a start no longer free → 409 with the next free starts).
 * The rules: ./book.ts; the availability engine: ./availability.ts.
 */
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { apiRouter } from '../../platform/http/router.ts';
import { bookingRequestSchema, bookingRequestSchemaFor, bookingSlotsQuerySchema, isoDateTime } from '../../schemas/index.ts';
import { input, validate } from '../../platform/http/validate.ts';
import { limitPerIp } from '../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../platform/lib/rate-limit.ts';
import { parseIdempotencyKey } from '../../platform/lib/idempotency.ts';
import { bookCall, listSlots } from './book.ts';
import { queueBookedEmails } from './mail.ts';
import { readBookingSettings } from './store.ts';
import { swissDate } from './availability.ts';

const slotsSchemas = { query: bookingSlotsQuerySchema };
/** The body's type; the schema itself is chosen per request by validateBooking. */
const bookingSchemas = { body: bookingRequestSchema };

/**
 * A robot filling the hidden `website` field gets the answer a person would get and nothing is
 * recorded: telling it apart would teach it to leave the field empty.
 */
async function bookingHoneypot(ctx: Context, next: Next): Promise<void> {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const trap = body?.website;
  if (trap === undefined || trap === null || (typeof trap === 'string' && trap.trim() === '')) return next();
  ctx.logger.info({ reqId: ctx.state.requestId }, 'honeypot filled: booking ignored');
  const settings = await readBookingSettings(ctx.knex);
  const start = isoDateTime('').safeParse(body?.start);
  const startMs = start.success ? Date.parse(start.data) : Date.now();
  ctx.status = 201;
  ctx.body = { status: 'confirmed', start: new Date(startMs).toISOString(), end: new Date(startMs + settings.durationMinutes * 60_000).toISOString() };
}

/** The request body's schema depends on the call's mode (by phone, the number is required). */
async function validateBooking(ctx: Context, next: Next): Promise<void> {
  const settings = await readBookingSettings(ctx.knex);
  return validate({ body: bookingRequestSchemaFor(settings.mode) }, { allowForm: true })(ctx, next);
}

export function publicBookingRouter(): Router {
  const router = apiRouter();

  router.get('/api/bookings/slots', validate(slotsSchemas), async (ctx) => {
    const { query } = input(ctx, slotsSchemas);
    const now = new Date();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listSlots(ctx.knex, now, { from: query.from ?? swissDate(now), days: query.days });
  });

  router.post(
    '/api/bookings',
    limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay),
    bookingHoneypot,
    validateBooking,
    async (ctx) => {
      const { website: _honeypot, ...request } = input(ctx, bookingSchemas).body;
      const idempotencyKey = parseIdempotencyKey(ctx.get('idempotency-key') || undefined);
      const reminders = ctx.config.bookingReminders;
      // The confirmation, the host's alert and the reminders commit with the booking: a 201 means they go out.
      const result = await bookCall(ctx.knex, {
        request,
        idempotencyKey,
        publicUrl: ctx.config.publicUrl,
        withBooking: (trx, booking) => queueBookedEmails(trx, booking.id, reminders),
      });
      if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
      ctx.status = 201;
      ctx.body = result.receipt;
    },
  );

  return router;
}
