/**
 * The visits of a period (decision 111), from the daily totals only: every Swiss day of the period
 * (the empty ones too), the sources and the pages. A day's `visitors` is exact (each visitor once that
 * day); over a period, visitors are the sum of the daily figures, never "unique" over the period. A
 * source's visitors are those who came from it first that day; a page's, those who viewed it that day.
 */
import type { Database } from '../../platform/db.ts';
import type { AnalyticsPeriod, VisitChannel } from '../../schemas/index.ts';

/** Constant SQL intervals per period (never user text). */
const INTERVALS: Record<AnalyticsPeriod, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months' };

export interface VisitDay {
  date: string;
  visits: number;
  visitors: number;
}

export interface VisitSourceFigures {
  channel: VisitChannel;
  source: string;
  medium: string;
  campaign: string;
  visits: number;
  visitors: number;
  /** Contacts whose first touch is this source: not recorded yet, always 0. */
  contacts: number;
}

export interface VisitPageFigures {
  path: string;
  visits: number;
  visitors: number;
}

export interface VisitsReport {
  period: AnalyticsPeriod;
  days: VisitDay[];
  sources: VisitSourceFigures[];
  pages: VisitPageFigures[];
}

/** The period's days: after the Swiss day of (now − period), up to today (30, 90 or about 365 days). */
const BOUNDS = (period: AnalyticsPeriod) => `bounds as (
  select ((now() - interval '${INTERVALS[period]}') at time zone 'Europe/Zurich')::date as first_day,
         (now() at time zone 'Europe/Zurich')::date as last_day
)`;

export async function visitsReport(knex: Database, period: AnalyticsPeriod): Promise<VisitsReport> {
  const inPeriod = 'c.day > b.first_day and c.day <= b.last_day';
  const [days, sources, pages] = await Promise.all([
    knex.raw<{ rows: VisitDay[] }>(
      `with ${BOUNDS(period)}, totals as (
         select c.day, sum(c.visits)::int as visits, sum(c.entries)::int as visitors
           from visit_daily_counts c, bounds b where ${inPeriod} group by c.day
       )
       select to_char(d, 'YYYY-MM-DD') as date, coalesce(t.visits, 0) as visits, coalesce(t.visitors, 0) as visitors
         from bounds b, generate_series(b.first_day + 1, b.last_day, interval '1 day') as d
         left join totals t on t.day = d::date
        order by d`,
    ),
    knex.raw<{ rows: Omit<VisitSourceFigures, 'contacts'>[] }>(
      `with ${BOUNDS(period)}
       select c.channel, c.source, c.medium, c.campaign, sum(c.visits)::int as visits, sum(c.entries)::int as visitors
         from visit_daily_counts c, bounds b where ${inPeriod}
        group by 1, 2, 3, 4 order by visitors desc, visits desc, 1, 2, 3, 4`,
    ),
    knex.raw<{ rows: VisitPageFigures[] }>(
      `with ${BOUNDS(period)}
       select c.path, sum(c.visits)::int as visits, sum(c.visitors)::int as visitors
         from visit_daily_counts c, bounds b where ${inPeriod}
        group by 1 order by visitors desc, visits desc, 1`,
    ),
  ]);
  return {
    period,
    days: days.rows,
    sources: sources.rows.map((row) => ({ ...row, contacts: 0 })),
    pages: pages.rows,
  };
}
