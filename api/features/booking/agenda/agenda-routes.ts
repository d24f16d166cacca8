/**
 * `{base}/bookings`: the team's agenda of calls (base: /api/admin or /api/admin-dev). Viewers read it;
 * only administrators change a call (the central role guard refuses a viewer's PATCH before this runs).
 * - `GET /bookings?from&to&hostId&status&limit`: the calls by start, earliest first.
 * - `PATCH /bookings/:id` with `status` `held` or `no-show` (once the call has started: its activity
 *   is completed), `cancelled`, or `start` to move it. Cancelling and moving tell the person: they go
 *   through ../manage/manage.ts, as the person's own links do; a start that is not free is a 409.
 */
import type Router from '@koa/router';
import { apiRouter } from '../../../platform/http/router.ts';
import { adminBookingUpdateSchema, adminBookingsQuerySchema, bookingParamsSchema, presentAgenda, presentAgendaBooking } from '../contract/index.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { agendaRow, assertChangeable, listAgenda, markBooking } from './agenda.ts';
import { cancelBooking, rescheduleBooking } from '../manage/manage.ts';

const listSchemas = { query: adminBookingsQuerySchema };
const updateSchemas = { params: bookingParamsSchema, body: adminBookingUpdateSchema };

export function adminBookingsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/bookings', requireAdmin, validate(listSchemas), async (ctx) => {
    const { query } = input(ctx, listSchemas);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentAgenda(await listAgenda(ctx.knex, query));
  });

  router.patch('/bookings/:id', requireAdmin, validate(updateSchemas), async (ctx) => {
    const { params, body } = input(ctx, updateSchemas);
    const bookingId = params.id;
    if (body.status === 'held' || body.status === 'no-show') {
      await markBooking(ctx.knex, bookingId, body.status);
    } else {
      await assertChangeable(ctx.knex, bookingId);
      if (body.status === 'cancelled') await cancelBooking(ctx.knex, { bookingId, by: 'team' });
      else await rescheduleBooking(ctx.knex, { bookingId, start: body.start!, by: 'team', reminderOffsets: ctx.config.bookingReminders });
    }
    ctx.body = presentAgendaBooking(await agendaRow(ctx.knex, bookingId));
  });

  return router;
}
