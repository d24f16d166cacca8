/**
 * The line under a public submission's note saying where the visitor came from that time (decision
 * 115): "Provenance : newsletter · campagne printemps". A contact's first origin never changes; this
 * line is how the team sees a known contact come back from a campaign. Channel names are the shared
 * ones (VISIT_CHANNEL_LABELS), as on the contact's "Origine" card.
 */
import type { ActivityJson } from '#contract/contacts';
import { VISIT_CHANNEL_LABELS } from '#contract';

export const TOUCH_COPY = {
  label: 'Provenance',
  medium: (medium: string) => `support ${medium}`,
  campaign: (campaign: string) => `campagne ${campaign}`,
  landingPage: (path: string) => `arrivée sur ${path}`,
} as const;

/** `newsletter · support email · campagne printemps · arrivée sur /webinaire`; the channel's name when no source is known. */
export function touchSummary(touch: NonNullable<ActivityJson['touch']>): string {
  return [
    touch.source ?? VISIT_CHANNEL_LABELS[touch.channel],
    touch.medium ? TOUCH_COPY.medium(touch.medium) : null,
    touch.campaign ? TOUCH_COPY.campaign(touch.campaign) : null,
    touch.landingPage ? TOUCH_COPY.landingPage(touch.landingPage) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
