/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { publicLeadsRouter } from './routes.ts';

export const publicFormRouters = { publicLeadsRouter };
