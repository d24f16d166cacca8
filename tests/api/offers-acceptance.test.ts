/** The person's offer page (decisions 130, 131): opening it changes nothing, it says the offer's state in French, and its form accepts once with the proof recorded. */
import { describe, expect, it } from 'vitest';
import { offerToken } from '../../api/features/offers/links.ts';
import { OFFER_MESSAGES } from '#contract/offers';
import { COUNTRY_MESSAGE } from '#contract/billing';
import { billingSettings } from './billing-fixture.ts';
import { BILLING_NOT_READY_MESSAGE } from '../../api/features/billing/index.ts';
import { typesetFrench } from '../../api/platform/lib/french-typography.ts';
import { setUpOffersTests, app, admin, leadId, logLines, ADDRESS, OFFER, createOffer, sentOffer, countOf, postForm, shownStates } from './offers-support.ts';

setUpOffersTests();

describe('the offer page and its acceptance', () => {
  it('shows the sent offer with its form and token; opening it changes nothing', async () => {
    const { id, token } = await sentOffer();
    const before = await app.knex('offers').where({ id }).first();
    const page = await app.client().get(`/offre/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(shownStates(page.text).sort()).toEqual(['discount', 'found', 'message', 'open', 'plan-monthly', 'vat', 'vat-number'].sort());
    expect(page.text).toContain(`data-offer-field="number">${id}<`);
    expect(page.text).toContain('data-offer-field="client">Léa Favre<');
    expect(page.text).toContain('data-offer-field="total">1’780.30<');
    expect(page.text).toContain('data-offer-field="vatRate">8.1 %<');
    expect(page.text).toContain('Séance supplémentaire</td>');
    expect(page.text).toContain(`data-offer-token value="${token}"`);
    expect(page.text).not.toMatch(/<script\b/);
    expect(await app.knex('offers').where({ id }).first()).toEqual(before);
    // The link is a key to the person's offer: the access log names the page, never the token.
    const signature = token.split('.')[1]!;
    expect(logLines.some((line) => line.includes('"/offre/"'))).toBe(true);
    expect(logLines.filter((line) => line.includes(signature))).toEqual([]);
  });

  it('says a wrong, altered or draft link is not valid, and tells nothing about the offer', async () => {
    const draft = await createOffer();
    const { id } = await sentOffer();
    const altered = offerToken(app.config.sessionSecret, id).replace(/^\d+/, String(draft));
    for (const token of [offerToken('another-secret-of-enough-length-000', id), altered, offerToken(app.config.sessionSecret, draft)]) {
      const page = await app.client().get(`/offre/${token}`);
      expect(page.status).toBe(200);
      expect(shownStates(page.text)).toEqual(['invalid']);
      expect(page.text).not.toContain('Léa');
    }
  });

  it('accepts from a plain form post: 303 back to the page, which says it is accepted; the proof, address, activity and audit are recorded', async () => {
    const { id, token } = await sentOffer();
    const sentHash = (await app.knex('offers').where({ id }).first('contentHash')).contentHash;
    const response = await postForm({ token, ...ADDRESS, country: 'ch' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`/offre/${token}?`)).toBe(true);
    expect(new URL(location, app.url).searchParams.get('message')).toBe(OFFER_MESSAGES.accepted);

    const page = await app.client().get(location);
    expect(shownStates(page.text)).toContain('accepted');
    expect(shownStates(page.text)).not.toContain('open');
    // The page typesets server messages ("e-mail" kept whole, decision 119).
    expect(page.text).toContain(typesetFrench(OFFER_MESSAGES.accepted));

    const offer = await app.knex('offers').where({ id }).first();
    expect(offer).toMatchObject({
      status: 'accepted',
      acceptedContentHash: sentHash,
      billingName: 'Léa Favre',
      billingStreet: 'Rue de Lausanne',
      billingBuildingNumber: '12',
      billingPostalCode: '1201',
      billingTown: 'Genève',
      billingCountry: 'CH',
    });
    expect(offer.acceptedAt).toBeInstanceOf(Date);
    expect(offer.acceptedIpPrefix).toMatch(/^127\.0\.0\.0\/24$|^::/);
    expect(await countOf(app.knex('activities').where({ leadId, title: 'Offre acceptée' }))).toBe(1);
    expect(await countOf(app.knex('audit_events').where({ type: 'offer_accepted' }))).toBe(1);
    // Billing's invoices, one per instalment, with the offer's amounts and the address typed on the page.
    const invoices = await app
      .knex('invoices')
      .where({ offerId: id })
      .orderBy('instalmentIndex')
      .select('leadId', 'instalmentCount', 'totalCents', 'vatCents', 'debtorName', 'debtorStreet', 'debtorPostalCode', 'debtorTown');
    expect(invoices).toHaveLength(3);
    expect(invoices.reduce((sum, invoice) => sum + invoice.totalCents, 0)).toBe(178_030);
    expect(invoices.reduce((sum, invoice) => sum + invoice.vatCents, 0)).toBe(13_340);
    expect(invoices[0]).toMatchObject({ leadId, instalmentCount: 3, debtorName: 'Léa Favre', debtorStreet: 'Rue de Lausanne', debtorPostalCode: '1201', debtorTown: 'Genève' });
  });

  it('refuses an incomplete address with the field named in French, on the page for a form and per field in JSON; nothing is accepted', async () => {
    const { id, token } = await sentOffer();
    const form = await postForm({ token, street: '', buildingNumber: '', postalCode: '', town: 'Genève', country: 'CH' });
    expect(form.status).toBe(303);
    expect(new URL(form.headers.get('location')!, app.url).searchParams.get('message')).toBe('La rue est obligatoire.');
    const json = await app.client().post('/api/offers/accept', { token, ...ADDRESS, postalCode: '120' });
    expect(json.status).toBe(400);
    expect(json.body.errors).toContainEqual({ path: 'postalCode', message: 'Le NPA suisse compte quatre chiffres.' });
    const country = await app.client().post('/api/offers/accept', { token, ...ADDRESS, country: 'Suisse' });
    expect(country.status).toBe(400);
    expect(country.body.errors).toContainEqual({ path: 'country', message: COUNTRY_MESSAGE });
    expect(await app.knex('offers').where({ id }).first('status')).toEqual({ status: 'sent' });
  });

  it('presets the country to CH when the form leaves it out', async () => {
    const { id, token } = await sentOffer();
    const { country: _country, ...withoutCountry } = ADDRESS;
    const response = await app.client().post('/api/offers/accept', { token, ...withoutCountry });
    expect(response.status).toBe(200);
    expect(await app.knex('offers').where({ id }).first('billingCountry')).toEqual({ billingCountry: 'CH' });
  });

  it('says an expired offer has expired, and refuses its acceptance in French', async () => {
    const { id, token } = await sentOffer();
    await app.knex('offers').where({ id }).update({ validUntil: '2020-01-01' });
    const page = await app.client().get(`/offre/${token}`);
    expect(shownStates(page.text)).toContain('expired');
    expect(shownStates(page.text)).not.toContain('open');
    const response = await app.client().post('/api/offers/accept', { token, ...ADDRESS });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(OFFER_MESSAGES.expired);
    expect(await app.knex('offers').where({ id }).first('status')).toEqual({ status: 'sent' });
  });

  it('refuses a wrong token with 404, the same answer as an unknown offer', async () => {
    const { id } = await sentOffer();
    const wrong = await app.client().post('/api/offers/accept', { token: offerToken('another-secret-of-enough-length-000', id), ...ADDRESS });
    expect(wrong.status).toBe(404);
    const unknown = await app.client().post('/api/offers/accept', { token: offerToken(app.config.sessionSecret, 999_999), ...ADDRESS });
    expect(unknown.status).toBe(404);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('accepts once when the person presses the button twice at the same time: one 200, the others 409, one acceptance recorded', async () => {
    const { id, token } = await sentOffer();
    const responses = await Promise.all(Array.from({ length: 5 }, () => app.client().post('/api/offers/accept', { token, ...ADDRESS })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.status === 409)) expect(refused.body.message).toBe(OFFER_MESSAGES.alreadyAccepted);
    expect(await app.knex('offers').where({ id }).first('status')).toEqual({ status: 'accepted' });
    expect(await countOf(app.knex('activities').where({ leadId, title: 'Offre acceptée' }))).toBe(1);
    expect(await countOf(app.knex('audit_events').where({ type: 'offer_accepted' }))).toBe(1);
    expect(await countOf(app.knex('invoices').where({ offerId: id }))).toBe(3);
    const page = await app.client().get(`/offre/${token}`);
    expect(shownStates(page.text)).toContain('accepted');
  });

  it('accepts nothing when billing cannot invoice: the acceptance and its invoices are one transaction', async () => {
    const { id, token } = await sentOffer();
    await app.knex('billing_settings').update({ iban: null });
    try {
      const response = await app.client().post('/api/offers/accept', { token, ...ADDRESS });
      expect(response.status).toBe(409);
      // The person is told in their words; the team's message (Paramètres → Facturation) is not theirs.
      expect(response.body.message).toBe(OFFER_MESSAGES.notNow);
      expect(response.body.message).not.toBe(BILLING_NOT_READY_MESSAGE);
      expect(await app.knex('offers').where({ id }).first('status', 'acceptedAt', 'billingStreet')).toEqual({ status: 'sent', acceptedAt: null, billingStreet: null });
      expect(await countOf(app.knex('activities').where({ leadId, title: 'Offre acceptée' }))).toBe(0);
      expect(await countOf(app.knex('audit_events').where({ type: 'offer_accepted' }))).toBe(0);
      expect(await countOf(app.knex('invoices'))).toBe(0);
    } finally {
      expect((await admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings() })).status).toBe(200);
    }
  });

  it('is in the contact export, and goes with the contact when it is erased (its invoices stay, detached)', async () => {
    const { id } = await sentOffer();
    const exported = await admin.get(`/api/admin/leads/${leadId}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.offers.map((offer: { id: number }) => offer.id)).toEqual([id]);
    expect(exported.body.offers[0]).toMatchObject({ message: OFFER.message, totalCents: 178_030, startDate: '2027-04-01' });

    // Accepted, then erased: the offer goes with the contact; its invoices stay (accounting records), no longer naming it.
    const token = offerToken(app.config.sessionSecret, id);
    expect((await app.client().post('/api/offers/accept', { token, ...ADDRESS })).status).toBe(200);
    const erased = await admin.post(`/api/admin/leads/${leadId}/erase`, { confirmEmail: 'lea@example.ch' });
    expect(erased.status).toBe(200);
    expect(await countOf(app.knex('offers'))).toBe(0);
    const invoices = await app.knex('invoices').select('offerId', 'leadId', 'debtorName');
    expect(invoices).toHaveLength(3);
    expect(invoices.every((invoice) => invoice.offerId === null && invoice.leadId === null && invoice.debtorName === 'Léa Favre')).toBe(true);
    const page = await app.client().get(`/offre/${token}`);
    expect(shownStates(page.text)).toEqual(['invalid']);
  });
});
