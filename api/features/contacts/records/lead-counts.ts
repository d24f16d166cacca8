/**
 * Contact figures: the exact counts kept by the `lead_counts` trigger (the list's total, maintenance)
 * and the dashboard's statistics. The contacts themselves: ./lead-list.ts (list), ./lead-records.ts
 * (one contact), ../tags/lead-tags.ts (tags); public form submissions: ../submissions/public-submissions.ts.
 */
import type { Knex } from 'knex';

/** Exact number of contacts (of one status), from `lead_counts` (see its migration). */
export async function countLeads(db: Knex, status?: string): Promise<number> {
  const query = db('leadCounts').sum<{ total: string | number | null }[]>({ total: 'delta' });
  if (status) query.where({ status });
  const [row] = await query;
  return Number(row?.total ?? 0);
}

/**
 * Folds the rows the `lead_counts` triggers append (they only ever grow otherwise): one per status in
 * `lead_counts`, one per day, source and status in `lead_daily_counts`. Safe under concurrent writes: a
 * row appended after the delete's snapshot stays as it is.
 */
export async function compactLeadCounts(db: Knex): Promise<void> {
  await db.raw(`
    with gone as (delete from lead_counts returning status, delta)
    insert into lead_counts (status, delta) select status, sum(delta) from gone group by status having sum(delta) <> 0`);
  await db.raw(`
    with gone as (delete from lead_daily_counts returning day, source, status, delta)
    insert into lead_daily_counts (day, source, status, delta)
    select day, source, status, sum(delta) from gone group by day, source, status having sum(delta) <> 0`);
}

export interface LeadStats {
  total: number;
  newLastMonth: number;
  /** Created in the 30 days before those: the base of the change (none: no change to speak of, decision 119). */
  newPreviousMonth: number;
  percentageChange: number;
  newThisMonth: number;
  toContact: number;
}

/**
 * Dashboard figures. newLastMonth: created in the last 30 days; percentageChange: integer percent
 * change of that count against the 30 days before (0 when both are 0, 100 when only the current
 * period has leads); newThisMonth: since the 1st of this month in Switzerland; toContact: status new.
 */
export async function leadStats(db: Knex): Promise<LeadStats> {
  // Each period is its own range scan of the created_at index; totals come from the counters.
  const { rows } = await db.raw<{ rows: Array<Record<string, string | number>> }>(`
    select
      (select count(*) from leads where created_at >= now() - interval '30 days') as current_period,
      (select count(*) from leads where created_at >= now() - interval '60 days' and created_at < now() - interval '30 days') as previous_period,
      (select count(*) from leads where created_at >= date_trunc('month', now() at time zone 'Europe/Zurich') at time zone 'Europe/Zurich') as this_month`);
  const row = rows[0]!;
  const [total, toContact] = await Promise.all([countLeads(db), countLeads(db, 'new')]);
  const current = Number(row.current_period);
  const previous = Number(row.previous_period);
  return {
    total,
    newLastMonth: current,
    newPreviousMonth: previous,
    percentageChange: percentageChange(current, previous),
    newThisMonth: Number(row.this_month),
    toContact,
  };
}

export function percentageChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 100);
}
