/** What privacy contributes to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminPrivacyRouter } from './routes.ts';
import { retentionCron } from './retention-job.ts';

export const privacyFeature = {
  name: 'privacy',
  uses: ['attribution', 'contacts', 'payments'],
  adminRouters: (base) => [adminPrivacyRouter(base)],
  crons: [retentionCron],
} satisfies FeatureManifest;
