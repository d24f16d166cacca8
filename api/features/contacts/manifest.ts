/** What contacts contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminLeadsRouter } from './records/leads-routes.ts';
import { adminLeadBulkRouter } from './bulk/lead-bulk-routes.ts';
import { crmRouter } from './tags/crm-routes.ts';
import { crmActivitiesRouter } from './activities/activities-routes.ts';
import { adminTagsRouter } from './tags/tags-routes.ts';
import { adminTasksRouter } from './activities/tasks-routes.ts';
import { contactEmailKinds } from './submissions/emails.ts';
import { contactsWording } from './submissions/email-wording.ts';

export const contactsFeature = {
  name: 'contacts',
  uses: ['attribution', 'privacy'],
  routers: () => [crmRouter(), crmActivitiesRouter()],
  adminRouters: (base) => [adminLeadsRouter(base), adminLeadBulkRouter(base), adminTasksRouter(base), adminTagsRouter(base)],
  emailKinds: contactEmailKinds,
  emailWording: contactsWording,
} satisfies FeatureManifest;
