/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminLeadsRouter } from './leads-routes.ts';
import { adminLeadBulkRouter } from './lead-bulk-routes.ts';
import { crmRouter } from './crm-routes.ts';
import { crmActivitiesRouter } from './activities-routes.ts';
import { adminTagsRouter } from './tags-routes.ts';
import { adminTasksRouter } from './tasks-routes.ts';

export const contactRouters = { adminLeadsRouter, adminLeadBulkRouter, crmRouter, crmActivitiesRouter, adminTagsRouter, adminTasksRouter };
