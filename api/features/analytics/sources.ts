/**
 * The funnel per origin (decision 116): for each channel, source and campaign, the visitors of the
 * period's days (sum of daily visitors) and the contacts who arrived then with that first touch, with how
 * many of them signed up for a webinar, booked a call and are qualified. Contacts without a first touch
 * (added by hand, or before touches were recorded) make one row without a channel, so the rows add up to
 * the funnel's figures.
 */
import type { Knex } from 'knex';
import type { AnalyticsPeriod } from '../../contract/analytics-periods.ts';
import { visitPeriodBounds } from '../attribution/index.ts';
import { cohortWhere, STEP_CONDITIONS, type FunnelFilter } from './funnel.ts';
import type { SourceFunnelRow } from './contract/index.ts';

export async function sourceFunnel(db: Knex, period: AnalyticsPeriod, filter: FunnelFilter): Promise<SourceFunnelRow[]> {
  const { where, bindings } = cohortWhere(filter);
  const visitConditions = ['c.day > b.first_day', 'c.day <= b.last_day'];
  const visitBindings: string[] = [];
  if (filter.channel) {
    visitConditions.push('c.channel = ?');
    visitBindings.push(filter.channel);
  }
  if (filter.campaign) {
    visitConditions.push('c.campaign = ?');
    visitBindings.push(filter.campaign);
  }
  const { rows } = await db.raw<{ rows: SourceFunnelRow[] }>(
    `with ${visitPeriodBounds(period)}, visited as (
       select c.channel, c.source, c.campaign, sum(c.entries)::int as visitors
         from visit_daily_counts c, bounds b where ${visitConditions.join(' and ')}
        group by 1, 2, 3
     ), touched as (
       select l.first_touch_channel as channel, coalesce(l.first_touch_source, '') as source, coalesce(l.first_touch_campaign, '') as campaign,
              count(*)::int as contacts,
              count(*) filter (where ${STEP_CONDITIONS.signUps})::int as "signUps",
              count(*) filter (where ${STEP_CONDITIONS.callsBooked})::int as "callsBooked",
              count(*) filter (where ${STEP_CONDITIONS.qualified})::int as qualified
         from leads l, bounds b where ${where}
        group by 1, 2, 3
     )
     select channel, source, campaign, coalesce(v.visitors, 0) as visitors, coalesce(t.contacts, 0) as contacts,
            coalesce(t."signUps", 0) as "signUps", coalesce(t."callsBooked", 0) as "callsBooked", coalesce(t.qualified, 0) as qualified
       from visited v full join touched t using (channel, source, campaign)
      order by channel is null, visitors desc, contacts desc, 1, 2, 3`,
    [...visitBindings, ...bindings],
  );
  return rows;
}
