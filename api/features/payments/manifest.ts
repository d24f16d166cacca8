/** What payments contributes to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminPaymentsRouter } from './routes.ts';

export const paymentsFeature = {
  name: 'payments',
  uses: ['analytics', 'attribution', 'billing'],
  adminRouters: (base) => [adminPaymentsRouter(base)],
} satisfies FeatureManifest;
