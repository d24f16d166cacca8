// PATCH /api/admin/payments/{id} (decision 133): assigning a payment under review, setting it aside, French refusals.
import { describe, expect, it } from 'vitest';
import { admin, app, invoice, invoiceState, setUpBankFilesApp, upload, viewer } from './payments-bank-files-support.ts';

setUpBankFilesApp();

describe('PATCH /api/admin/payments/{id}', () => {
  async function waiting(amountCents: number, acctSvcrRef: string, currency = 'CHF'): Promise<number> {
    await upload(admin, { entries: [{ acctSvcrRef, currency, transactions: [{ amountCents, name: 'Anne Sansref', acctSvcrRef }] }] });
    return (await app.knex('payments').where({ acctSvcrRef }).first('id')).id;
  }

  it('assigns a payment under review to an invoice, once, and audits it', async () => {
    const target = await invoice(30_000);
    const first = await waiting(10_000, 'W1');
    const second = await waiting(20_000, 'W2');
    const partial = await admin.patch(`/api/admin/payments/${first}`, { invoiceId: target.id });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ id: first, status: 'partial', reviewReason: null, invoice: { id: target.id, status: 'open', paidCents: 10_000, totalCents: 30_000 } });
    const rest = await admin.patch(`/api/admin/payments/${second}`, { invoiceId: target.id });
    expect(rest.body).toMatchObject({ status: 'matched', invoice: { status: 'paid', paidCents: 30_000 } });
    expect(await invoiceState(target.id)).toEqual({ status: 'paid', paidCents: 30_000 });

    const again = await admin.patch(`/api/admin/payments/${second}`, { invoiceId: target.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ce paiement a déjà été rapproché ou mis de côté : il ne peut plus être attribué.');
    expect(await invoiceState(target.id)).toEqual({ status: 'paid', paidCents: 30_000 });
    const events = await app.knex('audit_events').where({ type: 'payment_assigned' }).orderBy('id');
    expect(events.map((event: { details: object }) => event.details)).toEqual([
      { paymentId: first, invoiceId: target.id, ignored: false },
      { paymentId: second, invoiceId: target.id, ignored: false },
    ]);
  });

  it('sets a payment aside, and refuses what cannot be assigned with a French message', async () => {
    const target = await invoice(30_000);
    const closed = await invoice(30_000, { status: 'credited' });
    const aside = await waiting(500, 'W3');
    const ignored = await admin.patch(`/api/admin/payments/${aside}`, { status: 'ignored' });
    expect(ignored.body).toMatchObject({ status: 'ignored', reviewReason: null, invoice: null });
    expect((await admin.get('/api/admin/payments', { query: { status: 'unmatched' } })).body.pagination.total).toBe(0);

    const euros = await waiting(500, 'W4', 'EUR');
    const foreign = await admin.patch(`/api/admin/payments/${euros}`, { invoiceId: target.id });
    expect(foreign.status).toBe(409);
    expect(foreign.body.message).toBe('Seul un versement reçu (crédit) en francs suisses peut être attribué à une facture.');

    const other = await waiting(500, 'W5');
    const toClosed = await admin.patch(`/api/admin/payments/${other}`, { invoiceId: closed.id });
    expect(toClosed.status).toBe(409);
    expect(toClosed.body.message).toBe('Cette facture est soldée par une note de crédit : elle ne peut plus recevoir de paiement.');
    const unknownInvoice = await admin.patch(`/api/admin/payments/${other}`, { invoiceId: 2_000_000_000 });
    expect(unknownInvoice.status).toBe(400);
    expect(unknownInvoice.body.errors).toEqual([{ path: 'invoiceId', message: 'Cette facture n’existe pas.' }]);
    const neither = await admin.patch(`/api/admin/payments/${other}`, {});
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0]).toEqual({ path: 'invoiceId', message: 'Indiquez la facture à laquelle attribuer le paiement (son numéro, ex. 2027-0001), ou ignorez-le.' });
    const badId = await admin.patch(`/api/admin/payments/${other}`, { invoiceId: 'abc' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0].message).toBe('La facture doit être désignée par son numéro interne (un nombre entier).');
    const missing = await admin.patch('/api/admin/payments/999999', { status: 'ignored' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Ce paiement n’existe pas.');
    const byViewer = await viewer.patch(`/api/admin/payments/${other}`, { status: 'ignored' });
    expect(byViewer.status).toBe(403);
    expect(await invoiceState(target.id)).toEqual({ status: 'open', paidCents: 0 });
  });

  it('rejects an unknown status filter with a French message', async () => {
    const response = await admin.get('/api/admin/payments', { query: { status: 'paid' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ path: 'status', message: "Le statut doit être l'une des valeurs suivantes : Rapproché, Paiement partiel, À vérifier, Ignoré." });
  });
});
