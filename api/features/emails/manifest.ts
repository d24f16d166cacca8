/** What the Emails screen contributes to the application (docs/decisions/136-one-manifest-per-feature.md). */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminEmailsRouter } from './routes.ts';

export const emailsFeature = {
  name: 'emails',
  uses: ['contacts'],
  adminRouters: (base) => [adminEmailsRouter(base)],
} satisfies FeatureManifest;
