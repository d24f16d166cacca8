/** What privacy contributes to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminPrivacyRouter } from './routes.ts';
import { retentionCron } from './retention-job.ts';
import { accessLogControlHandlers } from './access-log-control.ts';

export const privacyFeature = {
  name: 'privacy',
  uses: ['attribution', 'contacts', 'payments'],
  adminRouters: (base) => [adminPrivacyRouter(base)],
  crons: [retentionCron],
  // `npm run audit:verify` and `audit:export` beside a running server on the embedded database (decisions 125, 147).
  controlHandlers: ({ knex }) => accessLogControlHandlers(knex),
} satisfies FeatureManifest;
