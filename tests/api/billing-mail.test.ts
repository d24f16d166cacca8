/**
 * Billing's e-mails on a real SMTP server (tests/support/smtp-sink.ts): the invoice goes with its PDF,
 * the very bytes `GET /api/admin/invoices/{id}/pdf` answers; a later instalment is issued and e-mailed a
 * payment term before its due date; an overdue invoice is reminded at INVOICE_REMINDER_DAYS (the latest
 * step only, once), never once paid; a credit note within the 30-day guarantee, a second refusal past
 * it without confirmation, and never more than the invoice.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createInvoicesForAcceptedOffer, runInvoiceDaily } from '../../api/features/billing/index.ts';
import { swissDay } from '../../api/platform/lib/swiss-day.ts';
import { setUpAppWithSmtp, type AppWithSmtp } from './harness.ts';
import { acceptedOffer, billingSettings, insertOffers } from './billing-fixture.ts';
import { waitUntil } from '../support/smtp-sink.ts';
import { createEmails } from '../../api/platform/mail/outbox.ts';

let ctx: AppWithSmtp;
setUpAppWithSmtp({}, ['emails', 'creditNotes', 'invoices', 'documentCounters', 'leads', 'auditEvents'], (running) => (ctx = running));

const EMAIL = 'anne-sophie@example.ch';
let leadId: number;
beforeEach(async () => {
  const [row] = await ctx.app.knex('leads').insert({ firstName: 'Anne-Sophie', lastName: 'Favre', email: EMAIL }).returning('id');
  leadId = row.id;
  await insertOffers(ctx.app.knex, leadId, 5);
  expect((await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings() })).status).toBe(200);
});

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const mailsWith = (subject: RegExp) => ctx.smtp.messages.filter((message) => message.envelopeTo.includes(EMAIL) && subject.test(message.parsed.subject ?? ''));

async function accept(overrides = {}) {
  return (await ctx.app.knex.transaction((trx) => createInvoicesForAcceptedOffer(trx, acceptedOffer(leadId, overrides)))).invoiceIds;
}

describe('invoice e-mails', () => {
  it('sends the invoice with its PDF, the same bytes as the download', async () => {
    const [id] = await accept();
    const invoice = await ctx.app.knex('invoices').where({ id }).first('number');
    await ctx.smtp.waitFor(() => mailsWith(new RegExp(`Votre facture ${invoice.number}`)).length === 1);
    const message = mailsWith(/Votre facture/)[0]!;
    expect(message.parsed.text).toContain('CHF 4’864.50');
    const attachment = message.parsed.attachments.find((item) => item.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`facture-${invoice.number}.pdf`);
    const download = await fetch(`${ctx.app.url}/api/admin/invoices/${id}/pdf`, { headers: { cookie: ctx.admin.cookieHeader } });
    expect(Buffer.from(await download.arrayBuffer()).equals(attachment!.content)).toBe(true);
  });

  it('issues and e-mails a later instalment a payment term before its due date', async () => {
    const ids = await accept({ instalments: 3 });
    await ctx.smtp.waitFor(() => mailsWith(/Votre facture/).length === 1);
    const second = await ctx.app.knex('invoices').where({ id: ids[1] }).first(ctx.app.knex.raw("to_char(issued_on, 'YYYY-MM-DD') as issued_on"), 'number');
    // The day before its issue day: nothing; on its issue day: issued and sent.
    expect(await runInvoiceDaily(ctx.app.knex, [10, 30], new Date(`${addDays(second.issuedOn, -1)}T10:00:00Z`))).toMatchObject({ issued: 0 });
    expect(await runInvoiceDaily(ctx.app.knex, [10, 30], new Date(`${second.issuedOn}T10:00:00Z`))).toMatchObject({ issued: 1 });
    await ctx.smtp.waitFor(() => mailsWith(new RegExp(`Votre facture ${second.number}`)).length === 1);
    expect(await ctx.app.knex('invoices').where({ id: ids[2] }).first('status')).toEqual({ status: 'scheduled' });
  });

  it('reminds an overdue invoice at the latest step reached, once, and never once it is paid', async () => {
    const [id] = await accept();
    await ctx.smtp.waitFor(() => mailsWith(/Votre facture/).length === 1);
    const { dueOn } = await ctx.app.knex('invoices').where({ id }).first(ctx.app.knex.raw("to_char(due_on, 'YYYY-MM-DD') as due_on"));
    const at = (days: number) => new Date(`${addDays(dueOn, days)}T10:00:00Z`);
    expect(await runInvoiceDaily(ctx.app.knex, [10, 30], at(9))).toMatchObject({ reminders: 0 });
    expect(await runInvoiceDaily(ctx.app.knex, [10, 30], at(10))).toMatchObject({ reminders: 1 });
    expect(await runInvoiceDaily(ctx.app.knex, [10, 30], at(11))).toMatchObject({ reminders: 0 });
    await ctx.smtp.waitFor(() => mailsWith(/^Rappel : facture/).length === 1);
    expect(mailsWith(/^Rappel : facture/)[0]!.parsed.attachments.some((item) => item.contentType === 'application/pdf')).toBe(true);

    // A reminder queued while the invoice was open, paid in the same instant: checked again when it goes, it is cancelled.
    await ctx.app.knex.transaction(async (trx) => {
      await createEmails(trx, [
        {
          kind: 'invoice_reminder',
          causeKey: `invoice_reminder:${id}:30`,
          toAddress: EMAIL,
          leadId,
          data: { invoiceId: id, number: 'x', firstName: 'Anne-Sophie', totalCents: 486_450, dueOn, reference: 'x' },
        },
      ]);
      await trx('invoices').where({ id }).update({ status: 'paid', paidCents: 486_450 });
    });
    const cancelled = await waitUntil(async () => ctx.app.knex('emails').where({ kind: 'invoice_reminder', status: 'cancelled' }).first());
    expect(cancelled.lastError).toMatch(/réglée/);
    expect(mailsWith(/^Rappel : facture/)).toHaveLength(1);
    expect(await runInvoiceDaily(ctx.app.knex, [10, 30], at(40))).toMatchObject({ reminders: 0 });
  });
});

describe('credit notes and the 30-day guarantee', () => {
  it('issues a numbered credit note within the guarantee, e-mails it, and credits the invoice once fully refunded', async () => {
    const today = swissDay(new Date());
    const [id] = await accept({ startDate: addDays(today, -29) });
    const first = await ctx.admin.post(`/api/admin/invoices/${id}/credit-notes`, { amountCents: 86_450, reason: 'Garantie 30 jours' });
    expect(first.status).toBe(201);
    const year = today.slice(0, 4);
    expect(first.body).toMatchObject({ number: `NC-${year}-0001`, amountCents: 86_450, refundStatus: 'to_refund', invoiceId: id });
    const tooMuch = await ctx.admin.post(`/api/admin/invoices/${id}/credit-notes`, { amountCents: 400_001, reason: 'Garantie 30 jours' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/dépasse ce qui reste à rembourser.*4’000.00/);
    const second = await ctx.admin.post(`/api/admin/invoices/${id}/credit-notes`, { amountCents: 400_000, reason: 'Garantie 30 jours' });
    expect(second.body.number).toBe(`NC-${year}-0002`);
    const list = await ctx.admin.get('/api/admin/invoices', { query: { status: 'credited' } });
    expect(list.body.invoices[0]).toMatchObject({ id, status: 'credited', creditedCents: 486_450 });
    await ctx.smtp.waitFor(() => mailsWith(/^Note de crédit NC-/).length === 2);
    const audit = await ctx.app.knex('auditEvents').where({ type: 'credit_note_created' });
    expect(audit).toHaveLength(2);
  });

  it('after the 30 days asks for a confirmation, then refunds', async () => {
    const [id] = await accept({ startDate: addDays(swissDay(new Date()), -31) });
    const refused = await ctx.admin.post(`/api/admin/invoices/${id}/credit-notes`, { amountCents: 1_000, reason: 'Geste' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'guarantee_ended' });
    expect(refused.body.message).toMatch(/La garantie de 30 jours a pris fin le .*Confirmez/);
    expect(await ctx.app.knex('creditNotes').first()).toBeUndefined();
    const confirmed = await ctx.admin.post(`/api/admin/invoices/${id}/credit-notes`, { amountCents: 1_000, reason: 'Geste', confirmAfterGuarantee: true });
    expect(confirmed.status).toBe(201);
  });

  it('refuses a viewer, a bad amount and an unknown invoice with French messages', async () => {
    const [id] = await accept();
    const viewer = await ctx.app.signIn({ role: 'viewer' });
    expect((await viewer.post(`/api/admin/invoices/${id}/credit-notes`, { amountCents: 100, reason: 'x' })).status).toBe(403);
    const bad = await ctx.admin.post(`/api/admin/invoices/${id}/credit-notes`, { amountCents: -5, reason: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['amountCents', 'reason']);
    expect((await ctx.admin.post('/api/admin/invoices/999999/credit-notes', { amountCents: 100, reason: 'x' })).status).toBe(404);
  });
});
