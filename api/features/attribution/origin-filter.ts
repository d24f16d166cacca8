/**
 * The origin filter of the analytics screens (a channel, a campaign or both; decisions 115 and 116) as
 * SQL conditions on the columns that hold the origin: a contact's first touch (the funnel's cohort, the
 * revenue per origin) or a day's visit counts. One place, so every screen filtered on one origin
 * counts the same people.
 */
import type { VisitChannel } from '../../contract/index.ts';

export interface OriginFilter {
  channel?: VisitChannel | undefined;
  campaign?: string | undefined;
}

/** A contact's first touch, on `leads l`. */
export const FIRST_TOUCH_COLUMNS = { channel: 'l.first_touch_channel', campaign: 'l.first_touch_campaign' } as const;

/** The conditions (to join with `and`) and their bindings; none when the filter is empty. */
export function originConditions(filter: OriginFilter, columns: { channel: string; campaign: string } = FIRST_TOUCH_COLUMNS): { conditions: string[]; bindings: string[] } {
  const conditions: string[] = [];
  const bindings: string[] = [];
  if (filter.channel) {
    conditions.push(`${columns.channel} = ?`);
    bindings.push(filter.channel);
  }
  if (filter.campaign) {
    conditions.push(`${columns.campaign} = ?`);
    bindings.push(filter.campaign);
  }
  return { conditions, bindings };
}
