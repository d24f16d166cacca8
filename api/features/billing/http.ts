/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminBillingRouter } from './routes.ts';

export const billingRouters = { adminBillingRouter };
