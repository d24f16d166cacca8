/**
 * Revenue per origin (docs/decisions/134-client-status-and-revenue.md), over the Swiss days of a period
 * (the same days as the funnel's and the visits', decision 116):
 * - revenue is money received: the payments applied to an invoice and booked in the period, each taken
 *   without VAT in the proportion of its invoice (net / total), less the bank's reversals booked in the
 *   period and less the credit notes issued in the period (also without VAT: `refundsCents`);
 * - a contact's origin is its first touch (decision 115); invoices of an erased contact keep their money
 *   in a row without origin, so the rows always add up to the totals;
 * - `clients`: contacts with a payment received in the period; `medianDaysToPayment`: days from the
 *   invoice's date to the booking of the payment that settled it, over the invoices settled in the period.
 */
import type { Knex } from 'knex';
import type { AnalyticsPeriod } from '../../contract/analytics-periods.ts';
import type { VisitChannel } from '../../contract/visit-channels.ts';
import type { BillingDashboard, Revenue } from './contract/index.ts';
import { originConditions, visitPeriodBounds, type OriginFilter } from '../attribution/index.ts';

export type RevenueFilter = OriginFilter;

/** The funnel's origin filter on the payer's first touch (the same people as the funnel's, decision 134). */
function originWhere(filter: RevenueFilter): { where: string; bindings: string[] } {
  const { conditions, bindings } = originConditions(filter);
  return { where: ['true', ...conditions].join(' and '), bindings };
}

const IN_PERIOD = (day: string) => `${day} > b.first_day and ${day} <= b.last_day`;

export async function revenue(db: Knex, period: AnalyticsPeriod, filter: RevenueFilter): Promise<Revenue> {
  const { where, bindings } = originWhere(filter);
  const moves = `${visitPeriodBounds(period)},
    received as (
      select i.lead_id, coalesce(i.lead_id::text, 'facture-' || i.id) as payer, not p.reversal as counts_client,
             (case when p.reversal then -1 else 1 end) * round(p.amount_cents::numeric * i.net_cents / i.total_cents)::bigint as net_cents, 0::bigint as refund_cents
        from payments p join invoices i on i.id = p.invoice_id, bounds b
       where p.status in ('matched', 'partial') and ${IN_PERIOD('p.booking_date')}
    ),
    refunded as (
      select i.lead_id, null::text as payer, false as counts_client,
             -round(c.amount_cents::numeric * i.net_cents / i.total_cents)::bigint as net_cents,
             round(c.amount_cents::numeric * i.net_cents / i.total_cents)::bigint as refund_cents
        from credit_notes c join invoices i on i.id = c.invoice_id, bounds b
       where ${IN_PERIOD("(c.created_at at time zone 'Europe/Zurich')::date")}
    ),
    moves as (select * from received union all select * from refunded)`;
  const [rows, median] = await Promise.all([
    db.raw<{ rows: Array<{ channel: VisitChannel | null; source: string; campaign: string; clients: number; revenueCents: string; refundsCents: string }> }>(
      `with ${moves}
       select l.first_touch_channel as channel, coalesce(l.first_touch_source, '') as source, coalesce(l.first_touch_campaign, '') as campaign,
              count(distinct m.payer) filter (where m.counts_client)::int as clients,
              coalesce(sum(m.net_cents), 0)::bigint as "revenueCents", coalesce(sum(m.refund_cents), 0)::bigint as "refundsCents"
         from moves m left join leads l on l.id = m.lead_id
        where ${where}
        group by 1, 2, 3
        order by l.first_touch_channel is null, "revenueCents" desc, 1, 2, 3`,
      bindings,
    ),
    db.raw<{ rows: Array<{ days: string | null; clients: number }> }>(
      `with ${moves}
       select (select percentile_cont(0.5) within group (order by p.booking_date - i.issued_on)
                 from payments p join invoices i on i.id = p.invoice_id left join leads l on l.id = i.lead_id, bounds b
                where p.status = 'matched' and not p.reversal and p.reverses_payment_id is null and ${IN_PERIOD('p.booking_date')} and ${where}) as days,
              (select count(distinct m.payer)::int from moves m left join leads l on l.id = m.lead_id where m.counts_client and ${where}) as clients`,
      [...bindings, ...bindings],
    ),
  ]);
  const byChannel = rows.rows.map((row) => ({ ...row, revenueCents: Number(row.revenueCents), refundsCents: Number(row.refundsCents) }));
  const days = median.rows[0]?.days;
  return {
    revenueCents: byChannel.reduce((sum, row) => sum + row.revenueCents, 0),
    refundsCents: byChannel.reduce((sum, row) => sum + row.refundsCents, 0),
    clients: median.rows[0]?.clients ?? 0,
    medianDaysToPayment: days === null || days === undefined ? null : Math.round(Number(days) * 10) / 10,
    byChannel,
  };
}

/**
 * The dashboard's card: this Swiss month's revenue (as `revenue`: received without VAT, less reversals and
 * credit notes), the invoices still open (issued, not paid, not credited) with what remains due, those of
 * them past their due date (Swiss today), and the payments waiting for review.
 */
export async function billingDashboard(db: Knex): Promise<BillingDashboard> {
  const { rows } = await db.raw<{ rows: Array<{ month: string; revenue: string; open: number; openCents: string; overdue: number; overdueCents: string; toReview: number }> }>(
    `with today as (select (now() at time zone 'Europe/Zurich')::date as day),
          month as (select date_trunc('month', day)::date as first_day, day from today)
     select to_char((select first_day from month), 'YYYY-MM') as month,
            (select coalesce(sum((case when p.reversal then -1 else 1 end) * round(p.amount_cents::numeric * i.net_cents / i.total_cents)), 0)
               from payments p join invoices i on i.id = p.invoice_id, month m
              where p.status in ('matched', 'partial') and p.booking_date >= m.first_day and p.booking_date <= m.day)
          - (select coalesce(sum(round(c.amount_cents::numeric * i.net_cents / i.total_cents)), 0)
               from credit_notes c join invoices i on i.id = c.invoice_id, month m
              where (c.created_at at time zone 'Europe/Zurich')::date >= m.first_day) as revenue,
            (select count(*)::int from invoices where status = 'open') as open,
            (select coalesce(sum(total_cents - paid_cents), 0) from invoices where status = 'open') as "openCents",
            (select count(*)::int from invoices, today t where status = 'open' and due_on < t.day) as overdue,
            (select coalesce(sum(total_cents - paid_cents), 0) from invoices, today t where status = 'open' and due_on < t.day) as "overdueCents",
            (select count(*)::int from payments where status = 'unmatched') as "toReview"`,
  );
  const row = rows[0]!;
  return {
    month: row.month,
    monthRevenueCents: Number(row.revenue),
    openInvoices: row.open,
    openCents: Number(row.openCents),
    overdueInvoices: row.overdue,
    overdueCents: Number(row.overdueCents),
    toReview: row.toReview,
  };
}
