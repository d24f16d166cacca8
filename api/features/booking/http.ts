/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { publicBookingRouter } from './routes.ts';
import { adminBookingSettingsRouter } from './calendars/admin-settings-routes.ts';
import { hostCalendarRouter } from './calendars/host-calendar.ts';
import { adminBookingsRouter } from './agenda/agenda-routes.ts';
import { publicManageRouter } from './manage/manage-routes.ts';

export const bookingRouters = { publicBookingRouter, adminBookingSettingsRouter, hostCalendarRouter, adminBookingsRouter, publicManageRouter };
