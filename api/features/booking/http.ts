/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { publicBookingRouter } from './routes.ts';
import { adminBookingSettingsRouter } from './admin-settings-routes.ts';
import { hostCalendarRouter } from './host-calendar.ts';
import { adminBookingsRouter } from './agenda-routes.ts';

export const bookingRouters = { publicBookingRouter, adminBookingSettingsRouter, hostCalendarRouter, adminBookingsRouter };
