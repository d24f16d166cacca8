/**
 * The funnel from visit to discovery call (decision 116), over the Swiss days of a period and for one
 * origin or all. Visitors are the sum of the daily visitors counted by the server (decision 111); every
 * later step counts contacts who arrived in the period (created on one of its days), with the given first
 * touch, and who reached that step at any time since. The calls' steps are left out while the team offers
 * no discovery call.
 */
import type { Knex } from 'knex';
import { FUNNEL_CALL_STEPS, FUNNEL_STEPS, type FunnelStep } from './contract/index.ts';
import type { AnalyticsPeriod } from '../../contract/analytics-periods.ts';
import type { Funnel } from './contract/index.ts';
import { originConditions, visitPeriodBounds, type OriginFilter } from '../attribution/index.ts';

export type FunnelFilter = OriginFilter;

/**
 * The period's contacts with the given first touch, as a condition on `leads l` beside the period's
 * `bounds b` (a contact created on one of the period's Swiss days). The steps after contacts add STEP_CONDITIONS.
 */
export function cohortWhere(filter: FunnelFilter): { where: string; bindings: string[] } {
  const origin = originConditions(filter);
  const conditions = ["l.created_at >= ((b.first_day + 1)::timestamp at time zone 'Europe/Zurich')", ...origin.conditions];
  return { where: conditions.join(' and '), bindings: origin.bindings };
}

/**
 * What a contact of the period must have to count in each step (decision 116): a sign-up to any session
 * (waiting list and later cancellation included: they asked), a session attended, a call booked (a later
 * cancellation included: it was booked), a call held, the status "qualified" now, an offer sent, an offer accepted, a client now.
 */
export const STEP_CONDITIONS = {
  signUps: 'exists (select 1 from webinar_registrations r where r.lead_id = l.id)',
  present: "exists (select 1 from webinar_registrations r where r.lead_id = l.id and r.status = 'attended')",
  callsBooked: 'exists (select 1 from bookings k where k.lead_id = l.id)',
  callsHeld: "exists (select 1 from bookings k where k.lead_id = l.id and k.status = 'held')",
  qualified: "l.status = 'qualified'",
  // An offer sent (withdrawn or expired since included: it was sent), an offer accepted (decision 130).
  offersSent: 'exists (select 1 from offers o where o.lead_id = l.id and o.sent_at is not null)',
  offersAccepted: 'exists (select 1 from offers o where o.lead_id = l.id and o.accepted_at is not null)',
  // Kept by a trigger on invoices (decision 134).
  clients: 'l.is_client',
} as const;

/** One count per step after contacts, named after the step. */
export const stepColumns = () =>
  Object.entries(STEP_CONDITIONS)
    .map(([key, condition]) => `count(*) filter (where ${condition})::int as "${key}"`)
    .join(', ');

/** Booking "exists" once a team member is a host or a call was ever booked (decision 116). */
export async function bookingExists(db: Knex): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { exists: boolean }[] }>('select exists (select 1 from booking_hosts where is_host) or exists (select 1 from bookings) as "exists"');
  return rows[0]!.exists;
}

async function visitors(db: Knex, period: AnalyticsPeriod, filter: FunnelFilter): Promise<number> {
  const origin = originConditions(filter, { channel: 'c.channel', campaign: 'c.campaign' });
  const conditions = ['c.day > b.first_day', 'c.day <= b.last_day', ...origin.conditions];
  const bindings = origin.bindings;
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `with ${visitPeriodBounds(period)}
     select coalesce(sum(c.entries), 0)::int as count from visit_daily_counts c, bounds b where ${conditions.join(' and ')}`,
    bindings,
  );
  return rows[0]!.count;
}

async function contactSteps(db: Knex, period: AnalyticsPeriod, filter: FunnelFilter): Promise<Record<Exclude<FunnelStep, 'visitors'>, number>> {
  const { where, bindings } = cohortWhere(filter);
  const { rows } = await db.raw<{ rows: Record<Exclude<FunnelStep, 'visitors'>, number>[] }>(
    `with ${visitPeriodBounds(period)}
     select count(*)::int as contacts, ${stepColumns()} from leads l, bounds b where ${where}`,
    bindings,
  );
  return rows[0]!;
}

export async function funnel(db: Knex, period: AnalyticsPeriod, filter: FunnelFilter): Promise<Funnel> {
  const [visited, reached, calls] = await Promise.all([visitors(db, period, filter), contactSteps(db, period, filter), bookingExists(db)]);
  const counts: Record<FunnelStep, number> = { visitors: visited, ...reached };
  return {
    steps: FUNNEL_STEPS.filter((key) => calls || !FUNNEL_CALL_STEPS.includes(key)).map((key) => ({ key, count: counts[key] })),
  };
}
