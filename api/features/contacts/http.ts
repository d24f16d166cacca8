/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminLeadsRouter } from './records/leads-routes.ts';
import { adminLeadBulkRouter } from './bulk/lead-bulk-routes.ts';
import { crmRouter } from './tags/crm-routes.ts';
import { crmActivitiesRouter } from './activities/activities-routes.ts';
import { adminTagsRouter } from './tags/tags-routes.ts';
import { adminTasksRouter } from './activities/tasks-routes.ts';

export const contactRouters = { adminLeadsRouter, adminLeadBulkRouter, crmRouter, crmActivitiesRouter, adminTagsRouter, adminTasksRouter };
