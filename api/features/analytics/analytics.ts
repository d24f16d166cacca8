/**
 * The analytics screen's series and the dashboard's report, over a period ending now.
 * Weeks start on Monday in Zurich. The discovery calls are counted from `bookings` (by creation and by start, both indexed or small). Contacts are counted from the per-day counters (decision 078), sessions
 * and registrations through the index on the webinar's date, so the cost follows the period, not the table.
 */
import type { Knex } from 'knex';
import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus } from '../../contract/options.ts';
import type { AnalyticsPeriod } from '../../contract/analytics-periods.ts';
import { PUBLIC_ACTIVITY_TITLES } from '../public-forms/index.ts';
import type { Analytics, CallFigures, CallWeek, SessionFigures, WeekCounts } from './contract/index.ts';

/** Constant SQL intervals per period (never user text). */
const INTERVALS: Record<AnalyticsPeriod, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months' };

/** Registrations that hold (or held) a seat: a cancelled or waiting-list sign-up is not an "inscrit". */
const SEATED = "r.status in ('registered', 'attended', 'no-show')";

const zeroSources = (): Record<LeadSource, number> => Object.fromEntries(LEAD_SOURCES.map((source) => [source, 0])) as Record<LeadSource, number>;

interface ArrivalCount {
  week: string;
  source: LeadSource;
  status: LeadStatus;
  count: number;
}

/**
 * The contacts who arrived in the period, by week, source and current status, in one statement. Whole
 * days come from `lead_daily_counts` (kept by the contact triggers, decision 078), so the cost follows
 * the number of days, not of contacts; the period's first day, which starts at the current time of day,
 * is counted from the contacts themselves (at most a day of rows, through the creation-date index).
 * A contact without a source came through a form (the admin shows it so too).
 */
async function arrivals(db: Knex, from: Date, to: Date): Promise<ArrivalCount[]> {
  const { rows } = await db.raw<{ rows: ArrivalCount[] }>(
    `with bounds as (
       select (?::timestamptz at time zone 'Europe/Zurich')::date as first_day,
              (?::timestamptz at time zone 'Europe/Zurich')::date as last_day
     ), counted as (
       select c.day, c.source, c.status, c.delta as count
         from lead_daily_counts c, bounds b
        where c.day > b.first_day and c.day <= b.last_day
       union all
       select (l.created_at at time zone 'Europe/Zurich')::date, l.source, l.status, 1
         from leads l, bounds b
        where l.created_at >= ? and l.created_at < ((b.first_day + 1)::timestamp at time zone 'Europe/Zurich')
     )
     select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week, coalesce(source, 'form') as source, status,
            sum(count)::int as count
       from counted group by 1, 2, 3 having sum(count) <> 0`,
    [from, to, from],
  );
  return rows;
}

/** Every week of the period (Mondays, Zurich), the empty ones too. */
async function periodWeeks(db: Knex, from: Date, to: Date): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { week: string }[] }>(
    `select to_char(week, 'YYYY-MM-DD') as week from generate_series(
       date_trunc('week', ?::timestamptz at time zone 'Europe/Zurich'),
       date_trunc('week', ?::timestamptz at time zone 'Europe/Zurich'), interval '1 week') as week`,
    [from, to],
  );
  return rows.map(({ week }) => week);
}

function newContactsByWeek(weeks: string[], counted: ArrivalCount[]): WeekCounts[] {
  const byWeek = new Map(weeks.map((week) => [week, { week, counts: zeroSources(), total: 0 }]));
  for (const row of counted) {
    const entry = byWeek.get(row.week);
    if (!entry) continue;
    entry.counts[row.source] += row.count;
    entry.total += row.count;
  }
  return [...byWeek.values()];
}

/**
 * The webinar funnel of the sessions held in the period, each step a part of the one before:
 * contacts registered → present → who asked to be contacted (a contact request, before or after) → qualified.
 */
async function funnel(db: Knex, from: Date, to: Date): Promise<Analytics['funnel']> {
  const { rows } = await db.raw<{ rows: Analytics['funnel'][] }>(
    `with seated as (
       select r.lead_id, bool_or(r.status = 'attended') as attended
         from webinar_registrations r join webinars w on w.id = r.webinar_id
        where w.datetime >= ? and w.datetime <= ? and ${SEATED}
        group by r.lead_id
     ), steps as (
       select s.attended,
              s.attended and (l.type = 'contact' or exists (
                select 1 from activities a where a.lead_id = l.id and a.type = 'note' and a.title = ?)) as requested,
              l.status = 'qualified' as qualified
         from seated s join leads l on l.id = s.lead_id
     )
     select count(*)::int as registered,
            count(*) filter (where attended)::int as attended,
            count(*) filter (where requested)::int as "contactRequested",
            count(*) filter (where requested and qualified)::int as qualified
       from steps`,
    [from, to, PUBLIC_ACTIVITY_TITLES.contact],
  );
  return rows[0]!;
}

async function sessions(db: Knex, from: Date, to: Date): Promise<SessionFigures[]> {
  const { rows } = await db.raw<{ rows: Omit<SessionFigures, 'attendanceRate'>[] }>(
    `select w.id, w.title, w.datetime,
            count(r.id) filter (where ${SEATED})::int as registrations,
            count(r.id) filter (where r.status = 'attended')::int as attended
       from webinars w left join webinar_registrations r on r.webinar_id = w.id
      where w.datetime >= ? and w.datetime <= ?
      group by w.id order by w.datetime, w.id`,
    [from, to],
  );
  return rows.map((row) => ({
    ...row,
    attendanceRate: row.registrations ? Math.round((row.attended / row.registrations) * 1000) / 10 : null,
  }));
}

/** The status of the contacts who arrived in the period. */
function statuses(counted: ArrivalCount[]): Analytics['statuses'] {
  const counts = new Map<LeadStatus, number>();
  for (const row of counted) counts.set(row.status, (counts.get(row.status) ?? 0) + row.count);
  return LEAD_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/**
 * Calls per week: booked counts every booking made that week (a later cancellation included: it was
 * booked), held and missed count the calls by the week they took place.
 */
async function callWeeks(db: Knex, weeks: string[], from: Date, to: Date): Promise<CallWeek[]> {
  const { rows } = await db.raw<{ rows: { week: string; kind: 'booked' | 'held' | 'no-show'; count: number }[] }>(
    `select to_char(date_trunc('week', created_at at time zone 'Europe/Zurich'), 'YYYY-MM-DD') as week, 'booked' as kind, count(*)::int as count
       from bookings where created_at >= ? and created_at <= ? group by 1
     union all
     select to_char(date_trunc('week', start_at at time zone 'Europe/Zurich'), 'YYYY-MM-DD'), status, count(*)::int
       from bookings where status in ('held', 'no-show') and start_at >= ? and start_at <= ? group by 1, 2`,
    [from, to, from, to],
  );
  const byWeek = new Map(weeks.map((week) => [week, { week, booked: 0, held: 0, noShow: 0 }]));
  for (const row of rows) {
    const entry = byWeek.get(row.week);
    if (!entry) continue;
    if (row.kind === 'booked') entry.booked += row.count;
    else if (row.kind === 'held') entry.held += row.count;
    else entry.noShow += row.count;
  }
  return [...byWeek.values()];
}

/**
 * From webinar sign-up to call held: the contacts who signed up for a session during the period
 * (waiting list and later cancellations included: they asked), those of them who booked a call after
 * their first sign-up of the period, and those whose call so booked was held.
 */
async function callFunnel(db: Knex, from: Date, to: Date): Promise<CallFigures['funnel']> {
  const { rows } = await db.raw<{ rows: CallFigures['funnel'][] }>(
    `with signed as (
       select r.lead_id, min(r.registered_at) as first_at
         from webinar_registrations r
        where r.registered_at >= ? and r.registered_at <= ?
        group by r.lead_id
     ), steps as (
       select exists (select 1 from bookings b where b.lead_id = s.lead_id and b.created_at >= s.first_at) as booked,
              exists (select 1 from bookings b where b.lead_id = s.lead_id and b.created_at >= s.first_at and b.status = 'held') as held
         from signed s
     )
     select count(*)::int as "signedUp", count(*) filter (where booked)::int as booked, count(*) filter (where held)::int as held from steps`,
    [from, to],
  );
  return rows[0]!;
}

export async function analytics(db: Knex, period: AnalyticsPeriod): Promise<Analytics> {
  const { rows } = await db.raw<{ rows: { from: Date; to: Date }[] }>(`select now() - interval '${INTERVALS[period]}' as "from", now() as "to"`);
  const { from, to } = rows[0]!;
  const weeks = await periodWeeks(db, from, to);
  const [counted, steps, held, callsByWeek, callSteps] = await Promise.all([
    arrivals(db, from, to),
    funnel(db, from, to),
    sessions(db, from, to),
    callWeeks(db, weeks, from, to),
    callFunnel(db, from, to),
  ]);
  return {
    period,
    from,
    to,
    newContacts: newContactsByWeek(weeks, counted),
    funnel: steps,
    sessions: held,
    statuses: statuses(counted),
    calls: { weeks: callsByWeek, funnel: callSteps },
  };
}
