/** Offers (decisions 130, 131) in the back office: written with amounts in centimes and VAT half up, sent, withdrawn, listed and served as a PDF; a viewer reads but cannot change. */
import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES } from '#contract/offers';
import { setUpOffersTests, app, admin, viewer, leadId, OFFER, createOffer, sentOffer, countOf, shownStates } from './offers-support.ts';

setUpOffersTests();

describe('writing an offer', () => {
  it('answers 201 with the draft and its amounts: lines less the discount, VAT 8.1 % rounded half up', async () => {
    const response = await admin.post(`/api/admin/leads/${leadId}/offers`, OFFER);
    expect(response.status).toBe(201);
    // 150 000 + 2 × 12 345 − 10 000 = 164 690; × 8.1 % = 13 339.89 → 13 340.
    expect(response.body).toMatchObject({ status: 'draft', leadId, netCents: 164_690, vatCents: 13_340, totalCents: 178_030, currency: 'CHF', vatRatePercent: 8.1, instalments: 3 });
    expect(response.body.id).toEqual(expect.any(Number));
    const stored = await app.knex('offers').where({ id: response.body.id }).first();
    expect(stored).toMatchObject({ netCents: 164_690, vatCents: 13_340, totalCents: 178_030, vatRateBasisPoints: 810, status: 'draft' });
  });

  it('gives a validity of 14 days from today when none is given', async () => {
    const { validUntil: _omitted, ...withoutValidity } = OFFER;
    const response = await admin.post(`/api/admin/leads/${leadId}/offers`, withoutValidity);
    expect(response.status).toBe(201);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
    const expected = new Date(`${today}T12:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 14);
    expect(response.body.validUntil).toBe(expected.toISOString().slice(0, 10));
  });

  it.each([
    ['no line', { ...OFFER, lines: [] }, 'lines', 'Une offre a au moins une ligne.'],
    ['a line without label', { ...OFFER, lines: [{ label: ' ', quantity: 1, unitPriceCents: 100 }] }, 'lines.0.label', 'Le libellé est obligatoire.'],
    [
      'a price in francs with decimals',
      { ...OFFER, lines: [{ label: 'Programme', quantity: 1, unitPriceCents: 1500.5 }] },
      'lines.0.unitPriceCents',
      'Le prix unitaire doit être un nombre entier de centimes entre 0 et 100000000.',
    ],
    ['a negative quantity', { ...OFFER, lines: [{ label: 'Programme', quantity: -1, unitPriceCents: 100 }] }, 'lines.0.quantity', 'La quantité doit être un nombre entier compris entre 1 et 1000.'],
    ['a discount above the lines', { ...OFFER, discountCents: 999_999 }, 'discountCents', OFFER_MESSAGES.discountTooHigh],
    ['13 instalments', { ...OFFER, instalments: 13 }, 'instalments', 'Le nombre de mensualités doit être un nombre entier compris entre 1 et 12.'],
    ['no start date', { ...OFFER, startDate: '' }, 'startDate', 'La date de début est obligatoire.'],
    ['a start date that is no date', { ...OFFER, startDate: '2027-02-30' }, 'startDate', 'La date de début doit être une date valide (AAAA-MM-JJ).'],
    ['a validity in the past', { ...OFFER, validUntil: '2020-01-01' }, 'validUntil', OFFER_MESSAGES.validUntilPast],
  ])('refuses %s with a French 400 naming the field, and writes nothing', async (_name, body, field, message) => {
    const response = await admin.post(`/api/admin/leads/${leadId}/offers`, body);
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path: field, message });
    expect(await countOf(app.knex('offers'))).toBe(0);
  });

  it('answers 404 for an unknown contact, and 403 to a viewer, who still reads the list', async () => {
    expect((await admin.post('/api/admin/leads/999999/offers', OFFER)).status).toBe(404);
    const refused = await viewer.post(`/api/admin/leads/${leadId}/offers`, OFFER);
    expect(refused.status).toBe(403);
    const id = await createOffer();
    expect((await viewer.post(`/api/admin/offers/${id}/send`)).status).toBe(403);
    expect((await viewer.post(`/api/admin/offers/${id}/withdraw`)).status).toBe(403);
    const list = await viewer.get('/api/admin/offers');
    expect(list.status).toBe(200);
    expect(list.body.offers.map((offer: { id: number }) => offer.id)).toEqual([id]);
    expect(await app.knex('offers').where({ id }).first('status')).toEqual({ status: 'draft' });
  });
});

describe('sending, withdrawing and listing', () => {
  it('sends a draft once: 202, the offer_sent e-mail queued to the contact, an activity and an audit event per step', async () => {
    const id = await createOffer();
    const sent = await admin.post(`/api/admin/offers/${id}/send`);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ id, status: 'sent', contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(sent.body.sentAt).not.toBeNull();
    const emails = await app.knex('emails').where({ kind: 'offer_sent' }).select('toAddress', 'leadId');
    expect(emails).toEqual([{ toAddress: 'lea@example.ch', leadId }]);

    const again = await admin.post(`/api/admin/offers/${id}/send`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(OFFER_MESSAGES.notDraftSend);
    expect(await countOf(app.knex('emails').where({ kind: 'offer_sent' }))).toBe(1);

    const activities = await admin.get(`/api/crm/leads/${leadId}/activities`);
    expect(activities.status).toBe(200);
    const titles = (activities.body.activities as Array<{ title: string }>).map((activity) => activity.title);
    expect(titles).toEqual(expect.arrayContaining(['Offre créée', 'Offre envoyée']));
    const audit = await app.knex('audit_events').whereIn('type', ['offer_created', 'offer_sent']).orderBy('id').select('type');
    expect(audit.map((event) => event.type)).toEqual(['offer_created', 'offer_sent']);
  });

  it('withdraws a sent offer: its page then says so and its form is gone; a withdrawn offer cannot be withdrawn again', async () => {
    const { id, token } = await sentOffer();
    const withdrawn = await admin.post(`/api/admin/offers/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    const page = await app.client().get(`/offre/${token}`);
    expect(shownStates(page.text)).toContain('withdrawn');
    expect(shownStates(page.text)).not.toContain('open');
    const again = await admin.post(`/api/admin/offers/${id}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(OFFER_MESSAGES.notWithdrawable);
  });

  it('lists by status and contact, newest first, paginated as the other lists; a sent offer past its validity is "expired"', async () => {
    const draft = await createOffer();
    const { id: open } = await sentOffer();
    const { id: old } = await sentOffer();
    await app.knex('offers').where({ id: old }).update({ validUntil: '2020-01-01' });
    const [other] = await app.knex('leads').insert({ firstName: 'Marc', email: 'marc@example.ch', source: 'form' }).returning('id');
    const [foreign] = await app
      .knex('offers')
      .insert({ leadId: other.id, lines: JSON.stringify(OFFER.lines), startDate: '2027-04-01', validUntil: '2999-01-01', netCents: 100, vatCents: 0, totalCents: 100 })
      .returning('id');

    const ids = async (query: Record<string, string | number>) => {
      const response = await admin.get('/api/admin/offers', { query });
      expect(response.status).toBe(200);
      return response.body;
    };
    expect((await ids({ status: 'draft', leadId })).offers.map((offer: { id: number }) => offer.id)).toEqual([draft]);
    expect((await ids({ status: 'sent' })).offers.map((offer: { id: number }) => offer.id)).toEqual([open]);
    const expired = await ids({ status: 'expired' });
    expect(expired.offers.map((offer: { id: number; status: string }) => [offer.id, offer.status])).toEqual([[old, 'expired']]);
    const all = await ids({ leadId, limit: 2, page: 1 });
    expect(all.pagination).toEqual({ page: 1, limit: 2, total: 3 });
    expect(all.offers.map((offer: { id: number }) => offer.id)).toEqual([old, open]);
    expect(all.offers[0].lead).toEqual({ id: leadId, firstName: 'Léa', lastName: 'Favre' });
    expect((await ids({})).pagination.total).toBe(4);
    expect((await ids({ leadId: other.id })).offers.map((offer: { id: number }) => offer.id)).toEqual([foreign.id]);

    const wrong = await admin.get('/api/admin/offers', { query: { status: 'payée' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toEqual({ path: 'status', message: "Le statut doit être l'une des valeurs suivantes : Brouillon, Envoyée, Acceptée, Expirée, Retirée." });
  });

  it('serves the offer as a PDF to the back office', async () => {
    const id = await createOffer();
    const response = await fetch(new URL(`/api/admin/offers/${id}/pdf`, admin.baseUrl), { headers: { cookie: admin.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.get('/api/admin/offers/999999/pdf')).status).toBe(404);
  });
});
