/** The offers tests' starting point (decisions 130, 131): the offer page as built, billing settings, a contact, an admin and a viewer, and helpers to write and send offers. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { offerToken } from '../../api/features/offers/links.ts';
import { billingSettings } from './billing-fixture.ts';

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

export let app: TestApp;
export let admin: TestClient;
export let viewer: TestClient;
export let leadId: number;
export const logLines: string[] = [];

export const ADDRESS = { street: 'Rue de Lausanne', buildingNumber: '12', postalCode: '1201', town: 'Genève', country: 'CH' };
export const OFFER = {
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

export async function createOffer(body: object = OFFER): Promise<number> {
  const response = await admin.post(`/api/admin/leads/${leadId}/offers`, body);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

export async function sentOffer(body: object = OFFER): Promise<{ id: number; token: string }> {
  const id = await createOffer(body);
  expect((await admin.post(`/api/admin/offers/${id}/send`)).status).toBe(202);
  return { id, token: offerToken(app.config.sessionSecret, id) };
}

/** A count as a number (PostgreSQL's driver gives bigint counts as text). */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  return Number(((await query.count({ n: '*' }).first()) as { n: number | string }).n);
}

export function postForm(fields: Record<string, string>) {
  return app.client().request('POST', '/api/offers/accept', { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** The states the page shows (those not hidden). */
export function shownStates(html: string): string[] {
  return [...html.matchAll(/<[a-z]+\b([^>]*)\bdata-offer-state="([a-z-]+)"([^>]*)>/g)].filter((match) => !/\shidden\b/.test(`${match[1]} ${match[3]}`)).map((match) => match[2]!);
}

/** Registers this file's hooks: each test file starts its own app (a module imported by several files is evaluated once per worker). */
export function setUpOffersTests(): void {
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
}
