/**
 * The visits of a period (decision 111), from the daily totals only: every Swiss day of the period
 * (the empty ones too), the sources and the pages. A day's `visitors` is exact (each visitor once that
 * day); over a period, visitors are the sum of the daily figures, never "unique" over the period. A
 * source's visitors are those who came from it first that day; a page's, those who viewed it that day.
 */
import type { Database } from '../../platform/db.ts';
import type { AnalyticsPeriod } from '../../contract/analytics-periods.ts';
import type { VisitDay, VisitPageFigures, VisitSourceFigures, VisitsReport } from './contract/index.ts';

/** Constant SQL intervals per period (never user text). */
const INTERVALS: Record<AnalyticsPeriod, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months' };

/**
 * The period's days, as the SQL `bounds` (first_day excluded, last_day included): the 30 or 90 Swiss
 * days up to today, or those after the same date twelve months ago. The period is taken from the Swiss
 * date, not from the instant: an instant minus 90 days lands on another Swiss date at some hours of the
 * day when a change of summer time lies between them. The funnel (decision 116) uses the same days.
 */
export const visitPeriodBounds = (period: AnalyticsPeriod) => `bounds as (
  select ((now() at time zone 'Europe/Zurich') - interval '${INTERVALS[period]}')::date as first_day,
         (now() at time zone 'Europe/Zurich')::date as last_day
)`;

export async function visitsReport(knex: Database, period: AnalyticsPeriod): Promise<VisitsReport> {
  const inPeriod = 'c.day > b.first_day and c.day <= b.last_day';
  const [days, sources, pages] = await Promise.all([
    knex.raw<{ rows: VisitDay[] }>(
      `with ${visitPeriodBounds(period)}, totals as (
         select c.day, sum(c.visits)::int as visits, sum(c.entries)::int as visitors
           from visit_daily_counts c, bounds b where ${inPeriod} group by c.day
       )
       select to_char(d, 'YYYY-MM-DD') as date, coalesce(t.visits, 0) as visits, coalesce(t.visitors, 0) as visitors
         from bounds b, generate_series(b.first_day + 1, b.last_day, interval '1 day') as d
         left join totals t on t.day = d::date
        order by d`,
    ),
    // A source of contacts without any visit in the period (their visit counted on another day) is listed too.
    knex.raw<{ rows: VisitSourceFigures[] }>(
      `with ${visitPeriodBounds(period)}, visited as (
         select c.channel, c.source, c.medium, c.campaign, sum(c.visits)::int as visits, sum(c.entries)::int as visitors
           from visit_daily_counts c, bounds b where ${inPeriod}
          group by 1, 2, 3, 4
       ), touched as (
         select l.first_touch_channel as channel, coalesce(l.first_touch_source, '') as source,
                coalesce(l.first_touch_medium, '') as medium, coalesce(l.first_touch_campaign, '') as campaign, count(*)::int as contacts
           from leads l, bounds b
          where l.first_touch_channel is not null and l.created_at >= ((b.first_day + 1)::timestamp at time zone 'Europe/Zurich')
          group by 1, 2, 3, 4
       )
       select channel, source, medium, campaign, coalesce(v.visits, 0) as visits, coalesce(v.visitors, 0) as visitors,
              coalesce(t.contacts, 0) as contacts
         from visited v full join touched t using (channel, source, medium, campaign)
        order by visitors desc, visits desc, contacts desc, 1, 2, 3, 4`,
    ),
    knex.raw<{ rows: VisitPageFigures[] }>(
      `with ${visitPeriodBounds(period)}
       select c.path, sum(c.visits)::int as visits, sum(c.visitors)::int as visitors
         from visit_daily_counts c, bounds b where ${inPeriod}
        group by 1 order by visitors desc, visits desc, 1`,
    ),
  ]);
  return {
    period,
    days: days.rows,
    sources: sources.rows,
    pages: pages.rows,
  };
}
