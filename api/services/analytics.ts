/**
 * The analytics screen's series and the dashboard's report (issue 15), over a period ending now.
 * Weeks start on Monday in Zurich. Every query reads only the period's rows through an index on the
 * date it filters (contacts by creation, webinars by date), so the cost follows the period, not the table.
 */
import type { Knex } from 'knex';
import { LEAD_SOURCES, LEAD_STATUSES, type AnalyticsPeriod, type LeadSource, type LeadStatus } from '../schemas/index.ts';
import { PUBLIC_ACTIVITY_TITLES } from './public-submissions.ts';

/** Constant SQL intervals per period (never user text). */
const INTERVALS: Record<AnalyticsPeriod, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months' };

/** Registrations that hold (or held) a seat: a cancelled or waiting-list sign-up is not an "inscrit". */
const SEATED = "r.status in ('registered', 'attended', 'no-show')";

export interface WeekCounts {
  week: string;
  counts: Record<LeadSource, number>;
  total: number;
}

export interface SessionFigures {
  id: number;
  title: string;
  datetime: Date;
  registrations: number;
  attended: number;
  /** Attended over registrations, in percent (one decimal); null without registrations. */
  attendanceRate: number | null;
}

export interface Analytics {
  period: AnalyticsPeriod;
  from: Date;
  to: Date;
  newContacts: WeekCounts[];
  funnel: { registered: number; attended: number; contactRequested: number; qualified: number };
  sessions: SessionFigures[];
  statuses: { status: LeadStatus; count: number }[];
}

const zeroSources = (): Record<LeadSource, number> => Object.fromEntries(LEAD_SOURCES.map((source) => [source, 0])) as Record<LeadSource, number>;

async function newContactsByWeek(db: Knex, from: Date, to: Date): Promise<WeekCounts[]> {
  const { rows: weeks } = await db.raw<{ rows: { week: string }[] }>(
    `select to_char(week, 'YYYY-MM-DD') as week from generate_series(
       date_trunc('week', ?::timestamptz at time zone 'Europe/Zurich'),
       date_trunc('week', ?::timestamptz at time zone 'Europe/Zurich'), interval '1 week') as week`,
    [from, to],
  );
  // A contact without a source came through a form (the admin shows it so too).
  const { rows } = await db.raw<{ rows: { week: string; source: LeadSource; count: number }[] }>(
    `select to_char(date_trunc('week', created_at at time zone 'Europe/Zurich'), 'YYYY-MM-DD') as week,
            coalesce(source, 'form') as source, count(*)::int as count
       from leads where created_at >= ? and created_at <= ? group by 1, 2`,
    [from, to],
  );
  const byWeek = new Map(weeks.map(({ week }) => [week, { week, counts: zeroSources(), total: 0 }]));
  for (const row of rows) {
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
async function statuses(db: Knex, from: Date, to: Date): Promise<Analytics['statuses']> {
  const rows: { status: LeadStatus; count: string | number }[] = await db('leads')
    .where('createdAt', '>=', from)
    .andWhere('createdAt', '<=', to)
    .groupBy('status')
    .select('status', db.raw('count(*) as count'));
  const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return LEAD_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

export async function analytics(db: Knex, period: AnalyticsPeriod): Promise<Analytics> {
  const { rows } = await db.raw<{ rows: { from: Date; to: Date }[] }>(`select now() - interval '${INTERVALS[period]}' as "from", now() as "to"`);
  const { from, to } = rows[0]!;
  const [weeks, steps, held, byStatus] = await Promise.all([newContactsByWeek(db, from, to), funnel(db, from, to), sessions(db, from, to), statuses(db, from, to)]);
  return { period, from, to, newContacts: weeks, funnel: steps, sessions: held, statuses: byStatus };
}
