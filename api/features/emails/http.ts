/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminEmailsRouter } from './routes.ts';

export const emailRouters = { adminEmailsRouter };
