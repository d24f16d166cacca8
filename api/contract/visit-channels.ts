/**
 * The channels a visit or a contact comes from (decisions 111, 116), with their French labels. Free of
 * imports (like ./analytics-periods.ts), so the analytics screen's filter does not pull zod in.
 */
export const VISIT_CHANNELS = ['search', 'social', 'email', 'referral', 'direct'] as const;
export type VisitChannel = (typeof VISIT_CHANNELS)[number];
export const VISIT_CHANNEL_LABELS: Record<VisitChannel, string> = {
  search: 'Recherche',
  social: 'Réseaux sociaux',
  email: 'E-mail',
  referral: 'Sites référents',
  direct: 'Direct',
};
