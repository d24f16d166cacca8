/**
 * The offer's e-mail on a real SMTP server (decision 131): sending an offer e-mails the contact a French
 * message with the total, the validity, the signed link to /offre/<token> (which opens the offer's page)
 * and the offer as a PDF whose text names the supplier and VAT number, the lines, the rate and the
 * amounts (art. 26 LTVA). An offer withdrawn before its e-mail goes out sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { setUpAppWithSmtp, type AppWithSmtp } from './harness.ts';
import { billingSettings } from './billing-fixture.ts';
import { pdfText } from '../support/pdf-text.ts';
import { offerToken } from '../../api/features/offers/links.ts';
import { offerEmailKinds } from '../../api/features/offers/emails.ts';

let ctx: AppWithSmtp;
setUpAppWithSmtp({}, ['emails', 'offers', 'leads'], (running) => (ctx = running));

const OFFER = {
  lines: [{ label: 'Programme Inner Circle — individuel', quantity: 1, unitPriceCents: 450_000 }],
  discountCents: 0,
  startDate: '2027-04-01',
  validUntil: '2999-03-15',
  instalments: 1,
  message: 'Comme convenu lors de notre appel.',
};

async function newOffer(): Promise<{ leadId: number; id: number }> {
  expect((await ctx.admin.request('PUT', '/api/admin/billing-settings', { json: billingSettings() })).status).toBe(200);
  const [lead] = await ctx.app.knex('leads').insert({ firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', source: 'form' }).returning('id');
  const created = await ctx.admin.post(`/api/admin/leads/${lead.id}/offers`, OFFER);
  expect(created.status).toBe(201);
  return { leadId: lead.id, id: created.body.id };
}

describe('the offer e-mail', () => {
  it('goes to the contact with the link to its page and the offer as a PDF', async () => {
    const { id } = await newOffer();
    expect((await ctx.admin.post(`/api/admin/offers/${id}/send`)).status).toBe(202);
    const [message] = await ctx.smtp.waitFor((messages) => messages.length >= 1);
    const mail = message!.parsed;
    expect(message!.envelopeTo).toEqual(['lea@example.ch']);
    expect(mail.subject).toMatch(/^Votre offre /);
    expect(mail.text).toContain('Bonjour Léa,');
    expect(mail.text).toContain('CHF 4’864.50');
    const link = `/offre/${offerToken(ctx.app.config.sessionSecret, id)}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);

    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`offre-${id}.pdf`);
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf!.content);
    for (const expected of [
      'Clairval Inner Circle Sàrl',
      'N° TVA : CHE-123.456.789 TVA',
      `Offre n° ${id}`,
      'Programme Inner Circle — individuel',
      '4’500.00',
      'TVA 8.1 %',
      '364.50',
      '4’864.50',
      'Léa Favre',
      'Début du programme : 1er avril 2027',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is re-checked just before it goes: nothing goes for an offer withdrawn meanwhile', async () => {
    const { id, leadId } = await newOffer();
    expect((await ctx.admin.post(`/api/admin/offers/${id}/send`)).status).toBe(202);
    expect((await ctx.admin.post(`/api/admin/offers/${id}/withdraw`)).status).toBe(200);
    const queued = { id: 1, kind: 'offer_sent' as const, toAddress: 'lea@example.ch', data: { offerId: id }, leadId, registrationId: null, webinarId: null, sendAfter: new Date() };
    expect(await offerEmailKinds.offer_sent.beforeSending(ctx.app.knex, queued)).toEqual({ cancel: 'Offre retirée avant l’envoi.' });
  });
});
