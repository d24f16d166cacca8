/**
 * The one list of features: each line is a feature's manifest (its folder's manifest.ts), which
 * declares everything the feature contributes (docs/decisions/136-one-manifest-per-feature.md). The app
 * (api/app.ts), the server (api/server.ts), the job runner (api/jobs.ts) and the e-mail kinds registry
 * (./email-kinds.ts) loop over it; routers are mounted, jobs created and kinds gathered in this order.
 * What a feature offers the others is its index.ts (docs/architecture.md, "Import rules").
 */
import type Router from '@koa/router';
import { ADMIN_API_BASES } from '../platform/http/router.ts';
import { publicFormsFeature } from './public-forms/manifest.ts';
import { webinarsFeature } from './webinars/manifest.ts';
import { contactsFeature } from './contacts/manifest.ts';
import { privacyFeature } from './privacy/manifest.ts';
import { accountsFeature } from './accounts/manifest.ts';
import { analyticsFeature } from './analytics/manifest.ts';
import { operationsFeature } from './operations/manifest.ts';
import { emailsFeature } from './emails/manifest.ts';
import { bookingFeature } from './booking/manifest.ts';
import { attributionFeature } from './attribution/manifest.ts';
import { newslettersFeature } from './newsletters/manifest.ts';
import { billingFeature } from './billing/manifest.ts';
import { offersFeature } from './offers/manifest.ts';
import { paymentsFeature } from './payments/manifest.ts';
import { sequencesFeature } from './sequences/manifest.ts';

export const FEATURES = [
  publicFormsFeature,
  webinarsFeature,
  contactsFeature,
  privacyFeature,
  accountsFeature,
  analyticsFeature,
  operationsFeature,
  emailsFeature,
  bookingFeature,
  attributionFeature,
  newslettersFeature,
  billingFeature,
  offersFeature,
  paymentsFeature,
  sequencesFeature,
] as const;

export { ADMIN_API_BASES };

/** Every API router, in the order they are mounted: the full-path ones, then the back office's under each admin base. */
export function apiRouters(): Router[] {
  return [
    ...FEATURES.flatMap((feature) => ('routers' in feature ? feature.routers() : [])),
    ...ADMIN_API_BASES.flatMap((base) => FEATURES.flatMap((feature) => ('adminRouters' in feature ? feature.adminRouters(base) : []))),
  ];
}
