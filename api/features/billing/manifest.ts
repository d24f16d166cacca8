/** What billing contributes to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminBillingRouter } from './routes.ts';
import { invoiceDailyCron } from './reminders.ts';
import { billingEmailKinds } from './emails.ts';
import { billingWording } from './email-wording.ts';

export const billingFeature = {
  name: 'billing',
  uses: [],
  adminRouters: (base) => [adminBillingRouter(base)],
  emailKinds: billingEmailKinds,
  emailWording: billingWording,
  crons: [invoiceDailyCron],
} satisfies FeatureManifest;
