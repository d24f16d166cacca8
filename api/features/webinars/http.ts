/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminWebinarsRouter } from './sessions/admin-routes.ts';
import { adminLeadRegistrationsRouter } from './sessions/lead-registrations-routes.ts';
import { publicRegistrationsRouter } from './seats/public-routes.ts';
import { invitationJoinRouter } from './seats/invitation-routes.ts';
import { marketingUnsubscribeRouter } from './follow-ups/marketing-unsubscribe-routes.ts';

export const webinarRouters = { adminWebinarsRouter, adminLeadRegistrationsRouter, publicRegistrationsRouter, invitationJoinRouter, marketingUnsubscribeRouter };
