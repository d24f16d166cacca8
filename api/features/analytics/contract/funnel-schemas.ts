/**
 * The funnel from visit to discovery call (decision 116): its steps with their French labels, and the
 * query of `GET /api/admin/analytics/funnel` and `…/analytics/sources`. Imports only zod.
 */
import { z } from '../../../contract/zod.ts';
import { blankToUndefined, oneOf, optionalOneOf, optionalText } from '../../../contract/fields.ts';
import { ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS } from '../../../contract/analytics-periods.ts';
import { VISIT_CHANNELS, VISIT_CHANNEL_LABELS } from '../../../contract/visit-channels.ts';

export const FUNNEL_STEPS = ['visitors', 'contacts', 'signUps', 'present', 'callsBooked', 'callsHeld', 'qualified', 'offersSent', 'offersAccepted', 'clients'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** The calls' steps, absent while the team offers no discovery call (decision 116). */
export const FUNNEL_CALL_STEPS: readonly FunnelStep[] = ['callsBooked', 'callsHeld'];
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  visitors: 'Visiteurs (somme des visiteurs quotidiens)',
  contacts: 'Contacts',
  signUps: 'Inscrits à un webinaire',
  present: 'Présents',
  callsBooked: 'Appels découverte réservés',
  callsHeld: 'Appels effectués',
  qualified: 'Qualifiés',
  /** The sale's steps (decision 130): an offer sent to them, an offer they accepted. */
  offersSent: 'Offres envoyées',
  offersAccepted: 'Offres acceptées',
  /** The funnel's last step (decision 134): an invoice of theirs received money and was not credited. */
  clients: 'Clients',
};

/** UTM values are stored up to 100 characters (decision 111). */
export const CAMPAIGN_MAX = 100;

/** `?period=30d|90d|12m&channel=…&campaign=…` (period 30 days by default; no filter: every origin). */
export const funnelQuerySchema = z.object({
  period: z.preprocess(blankToUndefined, oneOf(ANALYTICS_PERIODS, ANALYTICS_PERIOD_LABELS, 'La période').default('30d')),
  channel: optionalOneOf(VISIT_CHANNELS, VISIT_CHANNEL_LABELS, 'Le canal'),
  campaign: optionalText('La campagne', CAMPAIGN_MAX),
});
export type FunnelQuery = z.output<typeof funnelQuerySchema>;
