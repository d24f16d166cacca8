/** What webinars contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { Middleware } from 'koa';
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminWebinarsRouter } from './admin-routes.ts';
import { adminLeadRegistrationsRouter } from './lead-registrations-routes.ts';
import { publicRegistrationsRouter } from './public-routes.ts';
import { invitationJoinRouter } from './invitation-routes.ts';
import { marketingUnsubscribeRouter } from './marketing-unsubscribe-routes.ts';
import { webinarEmailKinds } from './emails.ts';
import { webinarWording } from './email-wording.ts';
import { signUpPreparers } from './sign-up-emails.ts';
import { followupsCron } from './followups.ts';
import { invalidateNextSession, nextSession } from './next-session.ts';
import { loadSessionCopy, nextSessionHtml } from './next-session-slot.ts';

/** Requests that may change a webinar or who holds its seats (admin edits, sign-ups, cancellations). */
const WEBINAR_WRITES = /^\/api\/(leads$|registrations\/|admin(-dev)?\/(webinars|registrations|leads))/;

export const webinarsFeature = {
  name: 'webinars',
  uses: ['attribution', 'booking', 'contacts', 'privacy'],
  routers: () => [publicRegistrationsRouter(), invitationJoinRouter(), marketingUnsubscribeRouter()],
  adminRouters: (base) => [adminWebinarsRouter(base), adminLeadRegistrationsRouter(base)],
  // Any change to webinars or registrations made through this instance shows on the public pages at once.
  requestHooks: ({ knex }) => [
    (async function webinarChanges(ctx, next) {
      await next();
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && WEBINAR_WRITES.test(ctx.path)) invalidateNextSession(knex);
    }) satisfies Middleware,
  ],
  site: ({ knex }) => {
    const sessionCopy = loadSessionCopy();
    return { nextSessionSlot: async () => nextSessionHtml(sessionCopy, await nextSession(knex)) };
  },
  emailKinds: webinarEmailKinds,
  emailWording: webinarWording,
  emailPreparers: signUpPreparers,
  crons: [followupsCron],
} satisfies FeatureManifest;
