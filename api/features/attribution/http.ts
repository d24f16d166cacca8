/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminVisitsRouter } from './routes.ts';

export const attributionRouters = { adminVisitsRouter };
