/**
 * `invoice-daily`: every hour (pg-boss cron, Swiss time), whichever instance with workers takes it
 * (docs/decisions/129-credit-notes-and-the-guarantee.md):
 * - issues the scheduled instalments whose issue day (a payment term before their due date) has come:
 *   each turns `open` and its e-mail is queued, in its own transaction;
 * - queues the reminder of each open invoice past its due date by one of `INVOICE_REMINDER_DAYS`
 *   (default 10 and 30 days): the latest step reached only (a run missed for weeks sends one reminder,
 *   not two), once per step (the e-mail's cause key), and checked again when it goes (./emails.ts:
 *   never after the invoice is paid or credited).
 * Running it again the same day adds nothing. A failed run is logged; the next, an hour later, catches up.
 */
import type { Knex } from 'knex';
import type { Database } from '../../platform/db.ts';
import type { Cron } from '../../platform/queue/scheduled.ts';
import { createEmails } from '../../platform/mail/outbox.ts';
import { addDays } from './dates.ts';
import { swissDay } from '../../platform/lib/swiss-day.ts';
import { issueInvoice } from './invoices.ts';

export const INVOICE_DAILY_QUEUE = 'invoice-daily';
export const INVOICE_DAILY_SCHEDULE = '5 * * * *';

export async function runInvoiceDaily(db: Knex, reminderDays: readonly number[], now: Date = new Date()): Promise<{ issued: number; reminders: number }> {
  const today = swissDay(now);
  const due = (await db('invoices').where('status', 'scheduled').where('issuedOn', '<=', today).orderBy('id').pluck('id')) as number[];
  for (const id of due) await db.transaction((trx) => issueInvoice(trx, id));

  let reminders = 0;
  const steps = [...reminderDays].sort((a, b) => b - a);
  if (steps.length > 0) {
    const smallest = steps[steps.length - 1]!;
    const late = (await db('invoices')
      .join('leads', 'leads.id', 'invoices.leadId')
      .where('invoices.status', 'open')
      .where('invoices.dueOn', '<=', addDays(today, -smallest))
      .select(
        'invoices.id',
        'invoices.number',
        'invoices.totalCents',
        'invoices.paidCents',
        'invoices.reference',
        'invoices.leadId',
        'leads.email',
        'leads.firstName',
        db.raw("to_char(invoices.due_on, 'YYYY-MM-DD') as due_on"),
      )) as Array<{ id: number; number: string; totalCents: number; paidCents: number; reference: string; leadId: number; email: string; firstName: string; dueOn: string }>;
    for (const invoice of late) {
      const step = steps.find((days) => addDays(invoice.dueOn, days) <= today)!;
      const created = await db.transaction((trx) =>
        createEmails(trx, [
          {
            kind: 'invoice_reminder',
            causeKey: `invoice_reminder:${invoice.id}:${step}`,
            toAddress: invoice.email,
            leadId: invoice.leadId,
            data: { invoiceId: invoice.id, number: invoice.number, firstName: invoice.firstName, totalCents: invoice.totalCents, dueOn: invoice.dueOn, reference: invoice.reference },
          },
        ]),
      );
      reminders += created.length;
    }
  }
  return { issued: due.length, reminders };
}

/** Scheduled instalments issued and overdue invoices reminded: a cron. */
export const invoiceDailyCron: Cron = {
  queue: INVOICE_DAILY_QUEUE,
  schedule: INVOICE_DAILY_SCHEDULE,
  timeZone: 'Europe/Zurich',
  expireInSeconds: 600,
  pollingIntervalSeconds: 30,
  async run(deps) {
    await deps.whenQuiet();
    try {
      const result = await runInvoiceDaily(deps.knex as Database, deps.config.invoiceReminderDays);
      if (result.issued + result.reminders > 0) deps.logger.info(result, 'invoices issued and reminded');
    } catch (error) {
      deps.logger.error({ err: error }, 'invoice run failed');
    }
  },
};
