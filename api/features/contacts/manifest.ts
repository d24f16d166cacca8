/** What contacts contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminLeadsRouter } from './leads-routes.ts';
import { adminLeadBulkRouter } from './lead-bulk-routes.ts';
import { crmRouter } from './crm-routes.ts';
import { crmActivitiesRouter } from './activities-routes.ts';
import { adminTagsRouter } from './tags-routes.ts';
import { adminTasksRouter } from './tasks-routes.ts';
import { contactEmailKinds } from './emails.ts';
import { contactsWording } from './email-wording.ts';

export const contactsFeature = {
  name: 'contacts',
  uses: ['attribution'],
  routers: () => [crmRouter(), crmActivitiesRouter()],
  adminRouters: (base) => [adminLeadsRouter(base), adminLeadBulkRouter(base), adminTasksRouter(base), adminTagsRouter(base)],
  emailKinds: contactEmailKinds,
  emailWording: contactsWording,
} satisfies FeatureManifest;
