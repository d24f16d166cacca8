/** What offers contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminOffersRouter } from './routes.ts';
import { publicOffersRouter } from './public-routes.ts';
import { offerEmailKinds } from './emails.ts';
import { offersWording } from './email-wording.ts';
import { offerPageRoute } from './page.ts';
import { OFFER_PAGE_PREFIX } from './links.ts';

export const offersFeature = {
  name: 'offers',
  uses: ['billing', 'contacts'],
  routers: () => [publicOffersRouter()],
  adminRouters: (base) => [adminOffersRouter(base)],
  // An offer's signed link is a key to the person's offer: logged without it (decision 131).
  secretPathPrefixes: [OFFER_PAGE_PREFIX],
  site: ({ config, knex }) => ({ routes: [offerPageRoute(knex, config.sessionSecret)] }),
  emailKinds: offerEmailKinds,
  emailWording: offersWording,
} satisfies FeatureManifest;
