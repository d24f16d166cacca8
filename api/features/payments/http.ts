/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminPaymentsRouter } from './routes.ts';

export const paymentsRouters = { adminPaymentsRouter };
