/** What sequences contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { adminSequencesRouter } from './routes.ts';
import { sequenceEmailKinds } from './emails.ts';
import { sequenceWording } from './email-wording.ts';
import { sequencesCron } from './engine.ts';

export const sequencesFeature = {
  name: 'sequences',
  uses: ['contacts', 'newsletters', 'webinars'],
  adminRouters: (base) => [adminSequencesRouter(base)],
  emailKinds: sequenceEmailKinds,
  emailWording: sequenceWording,
  crons: [sequencesCron],
} satisfies FeatureManifest;
