/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminSettingsRouter } from './settings-routes.ts';

export const operationsRouters = { adminSettingsRouter };
