import { FUNNEL_STEP_LABELS } from './funnel-schemas.ts';
import { text } from '../../../contract/presenting.ts';
import type { VisitChannel } from '../../../contract/visit-channels.ts';
import type { FunnelStep } from './funnel-schemas.ts';

export interface SourceFunnelRow {
  /** null: contacts whose origin is unknown. */
  channel: VisitChannel | null;
  source: string;
  campaign: string;
  visitors: number;
  contacts: number;
  signUps: number;
  callsBooked: number;
  qualified: number;
}

export interface Funnel {
  steps: { key: FunnelStep; count: number }[];
}

/** The funnel from visit to discovery call (decision 116): each step's key, French label and count. */
export function presentFunnel(data: Funnel) {
  return { steps: data.steps.map((step) => ({ key: step.key, label: FUNNEL_STEP_LABELS[step.key], count: step.count })) };
}
export type FunnelJson = ReturnType<typeof presentFunnel>;

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The funnel per origin: absent source or campaign is null, and so is the channel of contacts whose
 * origin is unknown. `callsBooked` is null while the team offers no discovery call; `conversionRate` is
 * contacts over visitors in percent (one decimal), null without visitors and null when the origin has
 * more contacts than counted visitors (the visitors do not contain them: no share to give, decision 119).
 */
export function presentSourceFunnel(rows: SourceFunnelRow[], calls: boolean) {
  return {
    sources: rows.map((row) => ({
      channel: row.channel,
      source: text(row.source),
      campaign: text(row.campaign),
      visitors: row.visitors,
      contacts: row.contacts,
      signUps: row.signUps,
      callsBooked: calls ? row.callsBooked : null,
      qualified: row.qualified,
      conversionRate: row.contacts <= row.visitors ? rate(row.contacts, row.visitors) : null,
    })),
  };
}
export type SourceFunnelJson = ReturnType<typeof presentSourceFunnel>;
