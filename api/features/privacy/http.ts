/** The routers of this feature, mounted by api/features/index.ts (other features use ./index.ts). */
import { adminPrivacyRouter } from './routes.ts';

export const privacyRouters = { adminPrivacyRouter };
