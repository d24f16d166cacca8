/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminOffersRouter } from './routes.ts';
import { publicOffersRouter } from './public-routes.ts';

export const offerRouters = { adminOffersRouter, publicOffersRouter };
