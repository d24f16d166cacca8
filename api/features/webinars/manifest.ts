/** What webinars contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { Middleware } from 'koa';
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminWebinarsRouter } from './sessions/admin-routes.ts';
import { adminLeadRegistrationsRouter } from './sessions/lead-registrations-routes.ts';
import { publicRegistrationsRouter } from './seats/public-routes.ts';
import { invitationJoinRouter } from './seats/invitation-routes.ts';
import { marketingUnsubscribeRouter } from './follow-ups/marketing-unsubscribe-routes.ts';
import { webinarEmailKinds } from './mail/emails.ts';
import { webinarWording } from './mail/email-wording.ts';
import { signUpPreparers } from './seats/sign-up-emails.ts';
import { followupsCron } from './follow-ups/followups.ts';
import { invalidateNextSession, nextSession } from './sessions/next-session.ts';
import { loadSessionCopy, nextSessionHtml } from './sessions/next-session-slot.ts';

/** Requests that may change a webinar or who holds its seats (admin edits, sign-ups, cancellations). */
const WEBINAR_WRITES = /^\/api\/(leads$|registrations\/|admin(-dev)?\/(webinars|registrations|leads))/;

export const webinarsFeature = {
  name: 'webinars',
  uses: ['attribution', 'booking', 'contacts', 'privacy'],
  routers: () => [publicRegistrationsRouter(), invitationJoinRouter(), marketingUnsubscribeRouter()],
  adminRouters: (base) => [adminWebinarsRouter(base), adminLeadRegistrationsRouter(base)],
  // Any change to webinars or registrations made through this instance shows on the public pages at once.
  requestHooks: ({ knex }) => [
    async function webinarChanges(ctx, next) {
      await next();
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && WEBINAR_WRITES.test(ctx.path)) invalidateNextSession(knex);
    } satisfies Middleware,
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
