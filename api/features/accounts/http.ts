/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { authRouter } from './auth-routes.ts';
import { accountRouter } from './account-routes.ts';
import { adminUsersRouter } from './users-routes.ts';
import { adminAuditRouter } from './audit-routes.ts';

export const accountRouters = { authRouter, accountRouter, adminUsersRouter, adminAuditRouter };
