/**
 * Invoices and credit notes are accounting records (CO art. 958f, decision 127): the per-contact export
 * lists them, erasing the contact keeps them (with the name and billing address written on them, no
 * longer linked to anyone) and says so in its answer, and retention does not erase a contact whose
 * invoice is unpaid; once it erases one, the invoices stay.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { runRetention } from '../../api/features/privacy/retention.ts';
import { setUpAppWithUsers, type AppWithUsers } from './harness.ts';
import { contactWithInvoice } from './billing-fixture.ts';

let ctx: AppWithUsers;
setUpAppWithUsers(['emails', 'creditNotes', 'invoices', 'documentCounters', 'activities', 'leads', 'auditEvents'], (users) => (ctx = users));

const PERSON = { firstName: 'Anne-Sophie', lastName: 'Favre', email: 'anne-sophie.favre@exemple-rare.ch' };
let leadId: number;
let invoiceId: number;

beforeEach(async () => {
  ({ leadId, invoiceId } = await contactWithInvoice(ctx, PERSON));
});

describe('accounting records and privacy', () => {
  it('exports the invoices and credit notes with the contact’s data', async () => {
    expect((await ctx.admin.post(`/api/admin/invoices/${invoiceId}/credit-notes`, { amountCents: 10_000, reason: 'Geste commercial' })).status).toBe(201);
    const response = await ctx.admin.get(`/api/admin/leads/${leadId}/export`);
    expect(response.status).toBe(200);
    const document = JSON.parse(response.text);
    expect(document.invoices).toHaveLength(1);
    expect(document.invoices[0]).toMatchObject({ id: invoiceId, debtorName: 'Anne-Sophie Favre', debtorTown: 'Lausanne', totalCents: 486_450, status: 'open' });
    expect(document.creditNotes).toEqual([expect.objectContaining({ invoiceId, amountCents: 10_000, reason: 'Geste commercial' })]);
  });

  it('erasure keeps the invoice and its credit note, detached from the contact, and says what was kept and why', async () => {
    expect((await ctx.admin.post(`/api/admin/invoices/${invoiceId}/credit-notes`, { amountCents: 10_000, reason: 'Geste commercial' })).status).toBe(201);
    const response = await ctx.admin.post(`/api/admin/leads/${leadId}/erase`, { confirmEmail: PERSON.email });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(
      'Contact effacé. Conservé : 1 facture, 1 note de crédit. Pièces comptables conservées 10 ans (art. 958f CO), avec le nom et l’adresse de facturation qu’elles portent ; le reste est effacé.',
    );
    expect(response.body.kept.map((kept: { table: string; count: number }) => [kept.table, kept.count])).toEqual([
      ['invoices', 1],
      ['credit_notes', 1],
    ]);

    expect(await ctx.app.knex('leads').where({ id: leadId }).first()).toBeUndefined();
    const invoice = await ctx.app.knex('invoices').where({ id: invoiceId }).first();
    expect(invoice).toMatchObject({ leadId: null, debtorName: 'Anne-Sophie Favre', debtorStreet: 'Avenue de la Gare', totalCents: 486_450 });
    expect(await ctx.app.knex('creditNotes').where({ invoiceId }).first()).toBeDefined();
    // The e-mails (invoice, credit note) went with the contact: their address is nowhere any more.
    expect(await ctx.app.knex('emails').whereRaw('lower(to_address) = ?', [PERSON.email]).first()).toBeUndefined();
  });

  it('a contact without accounting records is still erased with 204', async () => {
    const [other] = await ctx.app.knex('leads').insert({ firstName: 'Léa', email: 'lea@exemple-rare.ch' }).returning('id');
    expect((await ctx.admin.post(`/api/admin/leads/${other.id}/erase`, { confirmEmail: 'lea@exemple-rare.ch' })).status).toBe(204);
  });

  it('retention leaves a contact with an unpaid invoice, and keeps the invoices of one it erases', async () => {
    const config = { months: 24, emailBodyDays: 90 };
    const old = ctx.app.knex.raw("now() - interval '3 years'");
    await ctx.app.knex('leads').where({ id: leadId }).update({ createdAt: old, updatedAt: old });
    await ctx.app.knex('emails').update({ createdAt: old });
    await ctx.app.knex('invoices').update({ createdAt: old });
    expect((await runRetention(ctx.app.knex, config)).leadsErased).toBe(0);

    await ctx.app.knex('invoices').update({ status: 'paid', paidCents: 486_450 });
    expect((await runRetention(ctx.app.knex, config)).leadsErased).toBe(1);
    expect(await ctx.app.knex('leads').where({ id: leadId }).first()).toBeUndefined();
    expect(await ctx.app.knex('invoices').where({ id: invoiceId }).first()).toMatchObject({ leadId: null, status: 'paid' });
  });
});
