/** What public forms contribute to the application (docs/decisions/136-one-manifest-per-feature.md); other features use ./index.ts. */
import type { FeatureManifest } from '../../platform/feature.ts';
import { publicLeadsRouter } from './routes.ts';
import { contactRequestPreparers } from './prepare-emails.ts';
import { publicFormsEmailKinds } from './emails.ts';
import { publicFormsWording } from './email-wording.ts';

export const publicFormsFeature = {
  name: 'public-forms',
  uses: ['attribution', 'booking', 'contacts', 'privacy', 'webinars'],
  routers: () => [publicLeadsRouter()],
  emailKinds: publicFormsEmailKinds,
  emailWording: publicFormsWording,
  emailPreparers: contactRequestPreparers,
} satisfies FeatureManifest;
