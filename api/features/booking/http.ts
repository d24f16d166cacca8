/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { publicBookingRouter } from './routes.ts';
import { adminBookingsRouter } from './agenda-routes.ts';

export const bookingRouters = { publicBookingRouter, adminBookingsRouter };
