// A contact's first source (decision 115) in the team's tools: the contacts list's filter, the CSV export and import, the audited correction, the per-contact export and the erasure.
import { describe, expect, it } from 'vitest';
import { admin, app, browser, contactRequest, firstTouchOf, LINKEDIN, setUpFirstTouchApp, viewer, webinarSignUp } from './first-touch-support.ts';

setUpFirstTouchApp();

describe('the contacts list, its CSV, the import, the correction', () => {
  async function threeContacts() {
    await browser().post('/api/leads', webinarSignUp('lea@example.ch'), LINKEDIN);
    await browser().post('/api/leads', webinarSignUp('marc@example.ch'), '/?utm_source=linkedin&utm_medium=social&utm_campaign=automne');
    await browser().post('/api/leads', webinarSignUp('zoe@example.ch'), '/');
    await admin.post('/api/admin/leads', { firstName: 'Anne', email: 'anne@example.ch' });
  }
  const emails = (body: { leads: Array<{ email: string }> }) => body.leads.map((lead) => lead.email).sort();

  it('filters by channel and campaign, answers the shape, refuses an unknown channel in French', async () => {
    await threeContacts();
    expect(emails((await admin.get('/api/admin/leads', { query: { channel: 'social' } })).body)).toEqual(['lea@example.ch', 'marc@example.ch']);
    const printemps = await admin.get('/api/admin/leads', { query: { channel: 'social', campaign: 'PRINTEMPS' } });
    expect(emails(printemps.body)).toEqual(['lea@example.ch']);
    expect(printemps.body.pagination.total).toBe(1);
    expect(emails((await admin.get('/api/admin/leads', { query: { channel: 'direct' } })).body)).toEqual(['zoe@example.ch']);
    const anne = (await admin.get('/api/admin/leads', { query: { search: 'anne' } })).body.leads[0];
    expect(anne.firstTouch).toBeNull();
    const bad = await admin.get('/api/admin/leads', { query: { channel: 'tiktok' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe("L'origine doit être l'une des valeurs suivantes : Recherche, Réseaux sociaux, E-mail, Sites référents, Direct.");
  });

  it('exports the origin in leads.csv (filtered) and imports it back without overwriting a known one', async () => {
    await threeContacts();
    const csv = await admin.get('/api/admin/leads.csv', { query: { channel: 'social', campaign: 'printemps' } });
    expect(csv.status).toBe(200);
    const [header, row, end] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain("Origine;Origine : source;Origine : support;Origine : campagne;Origine : site référent;Origine : page d'arrivée;Origine : date");
    expect(row).toContain('lea@example.ch');
    expect(row).toMatch(/;Réseaux sociaux;linkedin;social;printemps;;\/;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(end).toBe('');
    // The selection's export (bulk action) carries the same columns.
    const lea = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    const selection = await admin.post('/api/admin/leads/bulk', { ids: [lea.id], action: 'export' });
    expect(selection.text.split('\r\n')[1]).toMatch(/;Réseaux sociaux;linkedin;social;printemps;;\/;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

    const file = `Prénom;Email;Origine;Origine : source;Origine : campagne;Origine : date\r\nAnne;anne@example.ch;E-mail;newsletter;noel;01.12.2026 09:30\r\nLéa;lea@example.ch;Direct;;;\r\nTom;tom@example.ch;Sites référents;salon;;\r\nSam;sam@example.ch;;;hiver;\r\n`;
    const imported = await admin.request('POST', '/api/admin/leads/import', { body: file, query: { dryRun: 'false' }, headers: { 'content-type': 'text/csv' } });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: 1, completed: 1, invalid: 1 });
    expect(imported.body.errors[0]).toEqual({
      row: 5,
      errors: [{ path: 'firstTouchChannel', message: "Indiquez l'origine (Recherche, Réseaux sociaux, E-mail, Sites référents ou Direct) de ce contact." }],
    });
    expect(await firstTouchOf('anne@example.ch')).toMatchObject({ channel: 'email', source: 'newsletter', campaign: 'noel', at: '2026-12-01T08:30:00.000Z' });
    expect(await firstTouchOf('lea@example.ch')).toMatchObject({ channel: 'social', campaign: 'printemps' });
    expect(await firstTouchOf('tom@example.ch')).toMatchObject({ channel: 'referral', source: 'salon' });
  });

  it('an administrator corrects it (audited, without personal data); a viewer cannot', async () => {
    await threeContacts();
    const lead = await app.knex('leads').where({ email: 'zoe@example.ch' }).first('id', 'firstTouchAt');
    expect((await viewer.patch(`/api/admin/leads/${lead.id}`, { firstTouch: { channel: 'social' } })).status).toBe(403);
    const corrected = await admin.patch(`/api/admin/leads/${lead.id}`, { firstTouch: { channel: 'social', source: 'instagram', campaign: 'Printemps' } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.firstTouch).toEqual({ channel: 'social', source: 'instagram', medium: null, campaign: 'printemps', referrer: null, landingPage: null, at: lead.firstTouchAt.toISOString() });
    const events = await app.knex('auditEvents').where({ type: 'lead_origin_corrected' }).select('details');
    expect(events.map((event: { details: unknown }) => event.details)).toEqual([{ leadId: lead.id, channel: 'social' }]);
    const bad = await admin.patch(`/api/admin/leads/${lead.id}`, { firstTouch: { channel: 'social', source: 'x'.repeat(101) } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe('La source ne doit pas dépasser 100 caractères.');
    expect((await admin.patch(`/api/admin/leads/${lead.id}`, { firstTouch: null })).body.firstTouch).toBeNull();
  });
});

describe('privacy and the database', () => {
  it('the per-contact export carries the first touch and each submission’s; the erasure leaves none', async () => {
    const person = browser();
    await person.post('/api/leads', webinarSignUp('lea@example.ch'), LINKEDIN);
    await person.post('/api/leads', contactRequest('lea@example.ch'), '/?utm_source=google&utm_medium=cpc&utm_campaign=ete');
    const lead = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    const exported = await admin.get(`/api/admin/leads/${lead.id}/export`);
    expect(exported.body.contact.firstTouch).toMatchObject({ channel: 'social', campaign: 'printemps' });
    expect(exported.body.activities.map((activity: { touch: { campaign: string } }) => activity.touch.campaign)).toEqual(['printemps', 'ete']);
    expect((await admin.post(`/api/admin/leads/${lead.id}/erase`, { confirmEmail: 'lea@example.ch' })).status).toBe(204);
    const left = await app.knex.raw<{ rows: unknown[] }>(
      `select 1 from leads where first_touch_campaign in ('printemps', 'ete') union all select 1 from activities where touch::text like '%printemps%' or touch::text like '%ete"%'`,
    );
    expect(left.rows).toEqual([]);
  });

  it('refuses a first touch without its channel or date, an unknown channel and an unbounded value', async () => {
    const insert = (fields: Record<string, unknown>) => app.knex('leads').insert({ firstName: 'Test', email: `t${Math.random()}@example.ch`, ...fields });
    await expect(insert({ firstTouchChannel: 'social' })).rejects.toThrow(/leads_first_touch_complete/);
    await expect(insert({ firstTouchCampaign: 'printemps' })).rejects.toThrow(/leads_first_touch_complete/);
    await expect(insert({ firstTouchChannel: 'tiktok', firstTouchAt: new Date() })).rejects.toThrow(/leads_first_touch_channel_check/);
    await expect(insert({ firstTouchChannel: 'social', firstTouchAt: new Date(), firstTouchSource: 'x'.repeat(101) })).rejects.toThrow(/leads_first_touch_lengths/);
    await expect(insert({ firstTouchChannel: 'social', firstTouchAt: new Date(), firstTouchSource: '' })).rejects.toThrow(/leads_first_touch_lengths/);
  });
});
