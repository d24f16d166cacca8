/**
 * Offers (decisions 130, 131) through the real app: an administrator writes an offer for a
 * contact (amounts in centimes, VAT half up), lists, sends, withdraws it; every bad input is a French 400
 * naming its field; a viewer reads but cannot change; each step is an activity of the contact and an
 * audit event. The person's page /offre/<token>: opening it changes nothing, it shows the offer as it is
 * now (open, accepted, expired, withdrawn — each said in French), and its form accepts once: a plain
 * form post gets 303 back to the page, which then says the offer is accepted; two acceptances at the same
 * time record one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { offerToken } from '../../api/features/offers/links.ts';
import { OFFER_MESSAGES } from '#contract/offers';
import { COUNTRY_MESSAGE } from '#contract/billing';
import { billingSettings } from './billing-fixture.ts';
import { BILLING_NOT_READY_MESSAGE } from '../../api/features/billing/index.ts';
import { typesetFrench } from '../../api/platform/lib/french-typography.ts';

/** The offer page as the Astro build writes it (site/pages/offre/modele/index.astro), reduced to its slots. */
const OFFER_PAGE = `<!doctype html><html lang="fr"><body><h1>Votre offre</h1>
<p role="status" data-server-message hidden><span data-server-message-text></span></p>
<div data-offer-state="invalid" class="mt-6"><p>Ce lien n'est pas valide.</p></div>
<div data-offer-state="found" hidden class="mt-8"><dl><dt>Offre n°</dt><dd data-offer-field="number"></dd><dt>Prestataire</dt><dd><span data-offer-field="seller"></span></dd>
<dd><span data-offer-state="vat-number" hidden data-offer-field="vatNumber"></span><span data-offer-state="not-subject" hidden>Non assujetti à la TVA</span></dd>
<dt>Pour</dt><dd data-offer-field="client"></dd><dt>Valable jusqu'au</dt><dd data-offer-field="validUntil"></dd>
<dd><span data-offer-state="plan-once" hidden>en une fois</span><span data-offer-state="plan-monthly" hidden><span data-offer-field="instalments"></span> mensualités</span></dd></dl>
<table><tbody data-offer-field="lines"></tbody><tfoot><tr data-offer-state="discount" hidden><td data-offer-field="discount"></td></tr>
<tr><td data-offer-field="net"></td></tr><tr data-offer-state="vat" hidden><th>TVA <span data-offer-field="vatRate"></span></th><td data-offer-field="vat"></td></tr>
<tr data-offer-state="no-vat" hidden><td>0.00</td></tr><tr><td data-offer-field="total"></td></tr></tfoot></table>
<div data-offer-state="message" hidden><p data-offer-field="message"></p></div></div>
<form data-offer-state="open" hidden method="post" action="/api/offers/accept"><input type="hidden" name="token" data-offer-token />
<input id="offer-street" name="street"><input id="offer-country" name="country" value="CH"><button type="submit">J'accepte l'offre</button></form>
<div data-offer-state="accepted" hidden><p>Cette offre est acceptée.</p></div>
<p data-offer-state="expired" hidden>Cette offre a expiré.</p>
<p data-offer-state="withdrawn" hidden>Cette offre a été retirée.</p></body></html>`;

let app: TestApp;
let admin: TestClient;
let viewer: TestClient;
let leadId: number;
const logLines: string[] = [];

const ADDRESS = { street: 'Rue de Lausanne', buildingNumber: '12', postalCode: '1201', town: 'Genève', country: 'CH' };
const OFFER = {
  lines: [
    { label: 'Programme Inner Circle — individuel', quantity: 1, unitPriceCents: 150_000 },
    { label: 'Séance supplémentaire', quantity: 2, unitPriceCents: 12_345 },
  ],
  discountCents: 10_000,
  startDate: '2027-04-01',
  validUntil: '2999-03-15',
  instalments: 3,
  message: 'Comme convenu lors de notre appel.',
};

beforeAll(async () => {
  const site = writeSiteFixture();
  mkdirSync(path.join(site, 'offre', 'modele'), { recursive: true });
  writeFileSync(path.join(site, 'offre', 'modele', 'index.html'), OFFER_PAGE);
  app = await startTestApp({ SITE_DIST_DIR: site }, { logLines });
  admin = await app.signIn();
  viewer = await app.signIn({ email: 'lecture@example.ch', role: 'viewer' });
  expect((await admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings() })).status).toBe(200);
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.jobs.drain();
  await app.emptyTables('emails', 'credit_notes', 'invoices', 'document_counters', 'offers', 'leads', 'audit_events');
  const [row] = await app.knex('leads').insert({ firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', source: 'form' }).returning('id');
  leadId = row.id;
});

async function createOffer(body: object = OFFER): Promise<number> {
  const response = await admin.post(`/api/admin/leads/${leadId}/offers`, body);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function sentOffer(body: object = OFFER): Promise<{ id: number; token: string }> {
  const id = await createOffer(body);
  expect((await admin.post(`/api/admin/offers/${id}/send`)).status).toBe(202);
  return { id, token: offerToken(app.config.sessionSecret, id) };
}

/** A count as a number (PostgreSQL's driver gives bigint counts as text). */
async function countOf(query: Knex.QueryBuilder): Promise<number> {
  return Number(((await query.count({ n: '*' }).first()) as { n: number | string }).n);
}

function postForm(fields: Record<string, string>) {
  return app.client().request('POST', '/api/offers/accept', { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** The states the page shows (those not hidden). */
function shownStates(html: string): string[] {
  return [...html.matchAll(/<[a-z]+\b([^>]*)\bdata-offer-state="([a-z-]+)"([^>]*)>/g)].filter((match) => !/\shidden\b/.test(`${match[1]} ${match[3]}`)).map((match) => match[2]!);
}

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
