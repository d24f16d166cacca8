/**
 * The admin side of availability (Paramètres → Rendez-vous): the call's settings, each user's host
 * schedule, video link and calendar feed, reading the feed now, the host's subscription address and
 * its renewal, and the dashboard's warning about unread feeds. Viewers read; administrators change
 * (requireAdmin, and the central guard of every state-changing admin request).
 */
import type Router from '@koa/router';
import { z } from 'zod';
import { apiRouter } from '../../../platform/http/router.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { input, validate } from '../../../platform/http/validate.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { bookingSettingsSchema, hostAvailabilitySchema, presentBookingSettings, presentFeedStatus, presentHostAvailability, presentHostSummary, presentUnreadFeeds } from '../contract/index.ts';
import { pathIdSchema } from '../../../contract/params.ts';
import { USER_NOT_FOUND_MESSAGE } from '../../accounts/contract/index.ts';
import { feedStatusOf, newCalendarToken, readBookingSettings, readHost, writeBookingSettings, writeHost } from '../engine/store.ts';
import { refreshHostFeed, unreadFeeds } from './feed-refresh.ts';
import type { Context } from 'koa';

export const NO_FEED_MESSAGE = 'Aucune adresse de calendrier n’est enregistrée pour cette personne.';

const settingsSchemas = { body: bookingSettingsSchema };
const hostParams = z.object({ userId: pathIdSchema(USER_NOT_FOUND_MESSAGE) });
const hostSchemas = { params: hostParams };
const availabilitySchemas = { params: hostParams, body: hostAvailabilitySchema };

async function assertUser(ctx: Context, userId: number): Promise<void> {
  const user = await ctx.knex('users').where({ id: userId }).first('id');
  if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
}

export function adminBookingSettingsRouter(base: string): Router {
  const router = apiRouter({ prefix: base });

  router.get('/booking-settings', requireAdmin, async (ctx) => {
    ctx.body = presentBookingSettings(await readBookingSettings(ctx.knex));
  });

  router.put('/booking-settings', requireAdmin, validate(settingsSchemas), async (ctx) => {
    const { body } = input(ctx, settingsSchemas);
    ctx.body = presentBookingSettings(await writeBookingSettings(ctx.knex, body));
  });

  // Every active user may host calls: the screen lists them all with their switch and feed state.
  router.get('/hosts', requireAdmin, async (ctx) => {
    const now = new Date();
    const rows = (await ctx
      .knex('users as u')
      .leftJoin('booking_hosts as h', 'h.userId', 'u.id')
      .where('u.active', true)
      .orderBy([{ column: 'u.lastName' }, { column: 'u.firstName' }, { column: 'u.id' }])
      .select('u.id as userId', 'u.firstName', 'u.lastName', 'u.email', 'h.isHost', 'h.feedUrl', 'h.feedStatus', 'h.feedReadAt', 'h.feedError', 'h.feedBusy')) as Array<{
      userId: number;
      firstName: string | null;
      lastName: string | null;
      email: string;
      isHost: boolean | null;
      feedUrl: string | null;
      feedStatus: 'none' | 'ok' | 'failed' | null;
      feedReadAt: Date | null;
      feedError: string | null;
      feedBusy: Array<[number, number]> | null;
    }>;
    ctx.body = {
      hosts: rows.map((row) =>
        presentHostSummary({
          ...row,
          isHost: row.isHost === true,
          feed: feedStatusOf({ feedUrl: row.feedUrl, feedStatus: row.feedStatus ?? 'none', feedReadAt: row.feedReadAt, feedError: row.feedError, feedBusy: row.feedBusy ?? [] }, now),
        }),
      ),
    };
  });

  router.get('/hosts/:userId/availability', requireAdmin, validate(hostSchemas), async (ctx) => {
    const { params } = input(ctx, hostSchemas);
    await assertUser(ctx, params.userId);
    ctx.body = presentHostAvailability(await readHost(ctx.knex, params.userId), ctx.config.publicUrl);
  });

  router.put('/hosts/:userId/availability', requireAdmin, validate(availabilitySchemas), async (ctx) => {
    const { params, body } = input(ctx, availabilitySchemas);
    await assertUser(ctx, params.userId);
    const before = await readHost(ctx.knex, params.userId);
    await writeHost(ctx.knex, params.userId, body);
    // A new address is read at once: until then the host offers nothing (fail closed).
    if (body.feedUrl && body.feedUrl !== before.feedUrl) {
      await refreshHostFeed(ctx.knex, params.userId, { logger: ctx.logger, notifyEmails: ctx.config.mail.notifyEmails });
    }
    ctx.body = presentHostAvailability(await readHost(ctx.knex, params.userId), ctx.config.publicUrl);
  });

  router.post('/hosts/:userId/feed/refresh', requireAdmin, validate(hostSchemas), async (ctx) => {
    const { params } = input(ctx, hostSchemas);
    await assertUser(ctx, params.userId);
    const feed = await refreshHostFeed(ctx.knex, params.userId, { logger: ctx.logger, notifyEmails: ctx.config.mail.notifyEmails });
    if (!feed) throw conflict(NO_FEED_MESSAGE);
    ctx.body = presentFeedStatus(feed);
  });

  // A new secret address: the old one answers 404 from now on (a leaked address is closed this way).
  router.post('/hosts/:userId/calendar-token', requireAdmin, validate(hostSchemas), async (ctx) => {
    const { params } = input(ctx, hostSchemas);
    await assertUser(ctx, params.userId);
    await ctx
      .knex('booking_hosts')
      .insert({ userId: params.userId, calendarToken: newCalendarToken() })
      .onConflict('userId')
      .merge({ calendarToken: newCalendarToken(), updatedAt: ctx.knex.fn.now() });
    ctx.body = presentHostAvailability(await readHost(ctx.knex, params.userId), ctx.config.publicUrl);
  });

  router.get('/stats/booking-feeds', requireAdmin, async (ctx) => {
    ctx.body = presentUnreadFeeds(await unreadFeeds(ctx.knex));
  });

  return router;
}
