/**
 * The manage link's routes (docs/decisions/107-booking-emails-and-manage-links.md; every booking e-mail carries the link, ./links.ts): the person sees the
 * booking as it is now, cancels it or moves it. Only the POSTs act: mail scanners follow links.
 * - `GET /api/bookings/manage?booking&token` → `{booking: {id, start, end, status, mode}}`, 404 for a wrong link;
 * - `POST /api/bookings/cancel {booking, token}` and `POST /api/bookings/reschedule {booking, token, start}`:
 *   JSON → 200 `{status, message, booking}`; a plain HTML form post (no JavaScript) → 303 back to the
 *   manage page of that booking with the signed message, which then shows the booking as it is now.
 *   A start that is not free → 409 "Ce créneau n'est plus disponible." with the next free starts.
 * A wrong token and an unknown booking get the same answer: a link tells nothing about other people.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { apiRouter } from '../../../platform/http/router.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { limitPerIp } from '../../../platform/http/rate-limit.ts';
import { RATE_LIMIT_RULES } from '../../../platform/lib/rate-limit.ts';
import { pageAnswer } from '../../../platform/http/page-answer.ts';
import { HttpError } from '../../../platform/errors.ts';
import { swissDateTime } from '../../../platform/mail/dates.ts';
import { BOOKING_LINK_MESSAGE, bookingCancelSchema, bookingManageQuerySchema, bookingRescheduleSchema, presentManagedBooking } from '../contract/index.ts';
import { MANAGE_PAGE_PATH, verifyManageToken } from './links.ts';
import { cancelBooking, readManagedBooking, rescheduleBooking } from './manage.ts';

export const BOOKING_MANAGE_MESSAGES = {
  cancelled: 'Votre rendez-vous est annulé. Vous recevez la confirmation par e-mail.',
  alreadyCancelled: 'Ce rendez-vous était déjà annulé.',
  moved: (start: Date) => `Votre rendez-vous est déplacé au ${swissDateTime(start)}. Vous recevez la confirmation par e-mail.`,
  unchanged: (start: Date) => `Votre rendez-vous est déjà fixé au ${swissDateTime(start)}.`,
};

const manageSchemas = { query: bookingManageQuerySchema };
const cancelSchemas = { body: bookingCancelSchema };
const rescheduleSchemas = { body: bookingRescheduleSchema };

function invalidLink(): HttpError {
  return new HttpError(404, BOOKING_LINK_MESSAGE);
}

function checkLink(secret: string, bookingId: number, token: string): void {
  if (!verifyManageToken(secret, bookingId, token)) throw invalidLink();
}

/** The manage page of the booking the form named (as posted: only well-formed ids and tokens are kept). */
function managePageOf(ctx: Context): string {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const booking = typeof body.booking === 'string' && /^\d{1,10}$/.test(body.booking) ? body.booking : undefined;
  const token = typeof body.token === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(body.token) ? body.token : undefined;
  if (!booking || !token) return MANAGE_PAGE_PATH;
  return `${MANAGE_PAGE_PATH}?${new URLSearchParams({ booking, token }).toString()}`;
}

const limited = () => limitPerIp(RATE_LIMIT_RULES.leadsPerIpMinute, RATE_LIMIT_RULES.leadsPerIpDay);

export function publicManageRouter(): Router {
  const router = apiRouter();

  router.get('/api/bookings/manage', limited(), validate(manageSchemas), async (ctx) => {
    const { query } = input(ctx, manageSchemas);
    checkLink(ctx.config.sessionSecret, query.booking, query.token);
    const booking = await readManagedBooking(ctx.knex, query.booking);
    if (!booking) throw invalidLink();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { booking: presentManagedBooking(booking) };
  });

  router.post('/api/bookings/cancel', pageAnswer(managePageOf), limited(), validate(cancelSchemas, { allowForm: true }), async (ctx) => {
    const { body } = input(ctx, cancelSchemas);
    checkLink(ctx.config.sessionSecret, body.booking, body.token);
    if (!(await readManagedBooking(ctx.knex, body.booking))) throw invalidLink();
    const { booking, cancelled } = await cancelBooking(ctx.knex, { bookingId: body.booking, by: 'person' });
    ctx.body = {
      status: booking.status,
      message: cancelled ? BOOKING_MANAGE_MESSAGES.cancelled : BOOKING_MANAGE_MESSAGES.alreadyCancelled,
      booking: presentManagedBooking(booking),
    };
  });

  router.post('/api/bookings/reschedule', pageAnswer(managePageOf), limited(), validate(rescheduleSchemas, { allowForm: true }), async (ctx) => {
    const { body } = input(ctx, rescheduleSchemas);
    checkLink(ctx.config.sessionSecret, body.booking, body.token);
    if (!(await readManagedBooking(ctx.knex, body.booking))) throw invalidLink();
    const { booking, moved } = await rescheduleBooking(ctx.knex, {
      bookingId: body.booking,
      start: body.start,
      by: 'person',
      reminderOffsets: ctx.config.bookingReminders,
    });
    ctx.body = {
      status: booking.status,
      message: moved ? BOOKING_MANAGE_MESSAGES.moved(booking.start) : BOOKING_MANAGE_MESSAGES.unchanged(booking.start),
      booking: presentManagedBooking(booking),
    };
  });

  return router;
}
