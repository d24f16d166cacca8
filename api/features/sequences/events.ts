/**
 * The funnel's states a sequence reads (docs/decisions/150-sequences-engine.md): entry is found by
 * polling the product's own tables, so it does not matter how a state was set (the back office, an
 * import, a script), and exits and goals are facts about the contact after the event that made them enter.
 * Everything here is SQL over the stored rows, the same on PGlite and PostgreSQL.
 */
import { SEQUENCE_GOALS, type SequenceEntryEvent, type SequenceExitReason, type SequenceGoal } from './contract/index.ts';

/**
 * Each entry event as rows `(lead_id, event_key, event_at)`: the contact, the fact that made them enter
 * (unique per sequence and contact: one fact never enters twice) and when it happened.
 */
export const ENTRY_SOURCES: Record<SequenceEntryEvent, string> = {
  // Marked absent at the session's end, or still only registered 24 hours after it ended.
  webinar_absent: `select r.lead_id, 'registration:' || r.id as event_key,
      w.datetime + make_interval(mins => w.duration) + case when r.status = 'registered' then interval '24 hours' else interval '0 hours' end as event_at
    from webinar_registrations r join webinars w on w.id = r.webinar_id
    where r.status in ('no-show', 'registered')`,
  // Present, and no call booked since the session began.
  webinar_attended: `select r.lead_id, 'registration:' || r.id as event_key, w.datetime + make_interval(mins => w.duration) as event_at
    from webinar_registrations r join webinars w on w.id = r.webinar_id
    where r.status = 'attended'
      and not exists (select 1 from bookings b where b.lead_id = r.lead_id and b.status <> 'cancelled' and b.created_at >= w.datetime)`,
  call_no_show: `select b.lead_id, 'booking:' || b.id as event_key, b.end_at as event_at from bookings b where b.status = 'no-show'`,
  call_held: `select b.lead_id, 'booking:' || b.id as event_key, b.end_at as event_at from bookings b where b.status = 'held'`,
  offer_sent: `select o.lead_id, 'offer:' || o.id as event_key, o.sent_at as event_at from offers o where o.sent_at is not null`,
  invoice_paid: `select i.lead_id, 'invoice:' || i.id as event_key, i.paid_at as event_at from invoices i where i.status = 'paid' and i.paid_at is not null and i.lead_id is not null`,
  newsletter_confirmed: `select l.id as lead_id, 'newsletter:' || (extract(epoch from l.newsletter_confirmed_at) * 1000)::bigint as event_key, l.newsletter_confirmed_at as event_at
    from leads l where l.newsletter_status = 'subscribed' and l.newsletter_confirmed_at is not null`,
};

/**
 * Whether the contact of run `r` reached a goal after the event that made them enter (`r.event_at`):
 * a condition on the alias `r` (sequence_runs).
 */
export function goalReached(goal: SequenceGoal, since = 'r.event_at'): string {
  switch (goal) {
    case 'call_booked':
      return `exists (select 1 from bookings b where b.lead_id = r.lead_id and b.status <> 'cancelled' and b.created_at > ${since})`;
    case 'call_held':
      return `exists (select 1 from bookings b where b.lead_id = r.lead_id and b.status = 'held' and b.end_at > ${since})`;
    case 'offer_accepted':
      return `exists (select 1 from offers o where o.lead_id = r.lead_id and o.accepted_at > ${since})`;
    case 'paid':
      return `exists (select 1 from invoices i where i.lead_id = r.lead_id and i.paid_at > ${since})`;
  }
}

/**
 * Who may receive marketing, as the newsletters and the webinars' one-click unsubscribe record it
 * (decisions 091, 112): neither unsubscribed from the webinar marketing nor from the newsletter, and
 * not bouncing. A condition on the alias `l` (leads); an erased contact has no row at all.
 */
export const MARKETING_LEFT: Record<'unsubscribed' | 'bouncing', string> = {
  unsubscribed: `(l.webinar_marketing_unsubscribed_at is not null or coalesce(l.newsletter_status, '') = 'unsubscribed')`,
  bouncing: `(coalesce(l.newsletter_status, '') = 'bounced')`,
};

/** The onboarding is transactional: it goes to clients whatever their marketing choice (its footer says so). */
export function isTransactional(entryEvent: SequenceEntryEvent): boolean {
  return entryEvent === 'invoice_paid';
}

/**
 * The first reason, in this order, why run `r` (joined to its sequence `s` and contact `l`) must end now,
 * as a SQL expression (null when it goes on): the sequence's exit events, then the marketing refusals
 * of a marketing sequence.
 */
export function exitReasonSql(): string {
  const goals = SEQUENCE_GOALS.map((goal) => `when '${goal}' = any(s.exit_events) and ${goalReached(goal)} then '${goal}'`);
  const marketing = (Object.keys(MARKETING_LEFT) as Array<keyof typeof MARKETING_LEFT>).map((reason) => `when s.entry_event <> 'invoice_paid' and ${MARKETING_LEFT[reason]} then '${reason}'`);
  return `case ${[...goals, ...marketing].join(' ')} else null end`;
}

export type ExitReason = SequenceExitReason;
