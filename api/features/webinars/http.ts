/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminWebinarsRouter } from './admin-routes.ts';
import { adminLeadRegistrationsRouter } from './lead-registrations-routes.ts';
import { publicRegistrationsRouter } from './public-routes.ts';
import { invitationJoinRouter } from './invitation-routes.ts';
import { marketingUnsubscribeRouter } from './marketing-unsubscribe-routes.ts';

export const webinarRouters = { adminWebinarsRouter, adminLeadRegistrationsRouter, publicRegistrationsRouter, invitationJoinRouter, marketingUnsubscribeRouter };
