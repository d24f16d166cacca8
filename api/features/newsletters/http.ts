/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminNewslettersRouter } from './routes.ts';
import { adminNewsletterPreviewRouter } from './preview-routes.ts';
import { newsletterSubscriptionRouter } from './subscription-routes.ts';

export const newsletterRouters = { adminNewslettersRouter, adminNewsletterPreviewRouter, newsletterSubscriptionRouter };
