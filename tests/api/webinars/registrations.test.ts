/**
 * A webinar's registrations in the back office (decisions 050, 057): one row's status, the status of selected
 * rows, and "Importer les présents" from a Zoom, Teams or Meet participants' CSV.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_API_BASES as BASES } from '../../../api/features/index.ts';
import { setUpAppWithUsers, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
setUpAppWithUsers(['webinars', 'leads'], (users) => ({ app, admin, member } = users));

async function webinarWith(people: Array<[string, string]>, fields: Record<string, unknown> = {}) {
  const [webinar] = await app
    .knex('webinars')
    .insert({ title: 'Webinaire', description: 'D', datetime: new Date(Date.now() - 3600_000), ...fields })
    .returning('*');
  const ids: Record<string, number> = {};
  for (const [email, status] of people) {
    const [lead] = await app
      .knex('leads')
      .insert({ firstName: email.split('@')[0], email, source: 'webinar' })
      .returning('id');
    const [registration] = await app.knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: lead.id, status }).returning('id');
    ids[email] = registration.id;
  }
  return { webinar, ids };
}

async function statuses(webinarId: number): Promise<Record<string, string>> {
  const rows = await app.knex('webinarRegistrations as r').join('leads as l', 'l.id', 'r.leadId').where('r.webinarId', webinarId).select('l.email', 'r.status');
  return Object.fromEntries(rows.map((row: { email: string; status: string }) => [row.email, row.status]));
}

const csv = (text: string, base = '/api/admin', webinarId = 0, othersNoShow?: boolean) =>
  admin.request('POST', `${base}/webinars/${webinarId}/attendance`, {
    body: text,
    headers: { 'content-type': 'text/csv' },
    ...(othersNoShow === undefined ? {} : { query: { othersNoShow: String(othersNoShow) } }),
  });

describe('cancelling in the back office', () => {
  it('frees the seat for the first person waiting, who is registered and told, one row or a selection', async () => {
    const future = { datetime: new Date(Date.now() + 7 * 86_400_000), maxAttendees: 1 };
    const { webinar, ids } = await webinarWith(
      [
        ['assise@example.ch', 'registered'],
        ['premiere@example.ch', 'waitlisted'],
        ['seconde@example.ch', 'waitlisted'],
      ],
      future,
    );
    await app
      .knex('webinarRegistrations')
      .where({ id: ids['seconde@example.ch'] })
      .update({ registeredAt: new Date(Date.now() + 1000) });
    expect((await admin.patch(`/api/admin/registrations/${ids['assise@example.ch']}`, { status: 'cancelled' })).status).toBe(200);
    expect(await statuses(webinar.id)).toEqual({ 'assise@example.ch': 'cancelled', 'premiere@example.ch': 'registered', 'seconde@example.ch': 'waitlisted' });
    const told = async () => (await app.knex('emails').where({ kind: 'waitlist_promoted' }).orderBy('id').select('toAddress')).map((row: { toAddress: string }) => row.toAddress);
    expect(await told()).toEqual(['premiere@example.ch']);

    const bulk = await admin.post(`/api/admin/webinars/${webinar.id}/registrations/status`, { ids: [ids['premiere@example.ch']], status: 'cancelled' });
    expect(bulk.status).toBe(200);
    expect((await statuses(webinar.id))['seconde@example.ch']).toBe('registered');
    expect(await told()).toEqual(['premiere@example.ch', 'seconde@example.ch']);
  });
});

describe('access control', () => {
  for (const base of BASES) {
    const calls: Array<[string, string, unknown?]> = [
      ['PATCH', '/registrations/1', { status: 'attended' }],
      ['POST', '/webinars/1/registrations/status', { ids: [1], status: 'attended' }],
    ];
    it.each(calls)(`${base}: %s %s answers 401 signed out and 403 to a non-admin`, async (method, path, json) => {
      expect((await app.client().request(method, `${base}${path}`, { json })).status).toBe(401);
      expect((await member.request(method, `${base}${path}`, { json })).status).toBe(403);
    });
    it(`${base}: the attendance import answers 401 signed out and 403 to a non-admin`, async () => {
      const options = { body: 'Email\na@example.ch', headers: { 'content-type': 'text/csv' } };
      expect((await app.client().request('POST', `${base}/webinars/1/attendance`, options)).status).toBe(401);
      expect((await member.request('POST', `${base}/webinars/1/attendance`, options)).status).toBe(403);
    });
  }
});

describe('PATCH {base}/registrations/{id}', () => {
  it('changes one row and answers it with its contact', async () => {
    for (const base of BASES) {
      const { webinar, ids } = await webinarWith([[`lea-${base.length}@example.ch`, 'registered']]);
      const response = await admin.patch(`${base}/registrations/${Object.values(ids)[0]}`, { status: 'attended' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: Object.values(ids)[0], webinarId: webinar.id, status: 'attended', lead: { email: `lea-${base.length}@example.ch` } });
    }
  });

  it('refuses an unknown status in French and an unknown row with 404', async () => {
    const { ids } = await webinarWith([['lea@example.ch', 'registered']]);
    const bad = await admin.patch(`/api/admin/registrations/${ids['lea@example.ch']}`, { status: 'present' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ path: 'status', message: "Le statut doit être l'une des valeurs suivantes : Inscrit, Présent, Absent, En liste d’attente, Annulé." });
    const missing = await admin.patch('/api/admin/registrations/999999', { status: 'attended' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Inscription non trouvée');
  });

  it('keeps capacity: back to Inscrit is refused (409) when the webinar is full', async () => {
    const { ids } = await webinarWith(
      [
        ['a@example.ch', 'registered'],
        ['b@example.ch', 'waitlisted'],
      ],
      { maxAttendees: 1 },
    );
    const response = await admin.patch(`/api/admin/registrations/${ids['b@example.ch']}`, { status: 'registered' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Le webinaire est complet : libérez une place avant d’inscrire ces personnes.');
  });
});

describe('POST {base}/webinars/{id}/registrations/status', () => {
  it('marks the selected rows, and only rows of this webinar', async () => {
    const { webinar, ids } = await webinarWith([
      ['a@example.ch', 'registered'],
      ['b@example.ch', 'registered'],
      ['c@example.ch', 'registered'],
    ]);
    const other = await webinarWith([['d@example.ch', 'registered']]);
    const response = await admin.post(`/api/admin/webinars/${webinar.id}/registrations/status`, {
      ids: [ids['a@example.ch'], ids['b@example.ch'], other.ids['d@example.ch']],
      status: 'no-show',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 2 });
    expect(await statuses(webinar.id)).toEqual({ 'a@example.ch': 'no-show', 'b@example.ch': 'no-show', 'c@example.ch': 'registered' });
    expect(await statuses(other.webinar.id)).toEqual({ 'd@example.ch': 'registered' });
  });

  it('refuses an empty selection in French and an unknown webinar with 404', async () => {
    const { webinar } = await webinarWith([]);
    const empty = await admin.post(`/api/admin/webinars/${webinar.id}/registrations/status`, { ids: [], status: 'attended' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toEqual({ path: 'ids', message: 'Sélectionnez au moins une inscription.' });
    const missing = await admin.post('/api/admin/webinars/999999/registrations/status', { ids: [1], status: 'attended' });
    expect(missing.status).toBe(404);
  });
});

describe('POST {base}/webinars/{id}/attendance', () => {
  const people: Array<[string, string]> = [
    ['lea@example.ch', 'registered'],
    ['marc@example.ch', 'registered'],
    ['zoe@example.ch', 'registered'],
    ['nina@example.ch', 'cancelled'],
  ];

  it('reads a Zoom export (comma, quotes, summary block above, same person twice) and lists the unmatched', async () => {
    const { webinar } = await webinarWith(people);
    const zoom = [
      'Meeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants',
      '"812 3456 7890","Le bonheur, des dirigeants",11/26/2026 06:00:00 PM,11/26/2026 07:02:00 PM,hote@clairval.ch,62,4',
      '',
      'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest',
      '"Favre, Léa",LEA@example.ch,11/26/2026 06:01:10 PM,11/26/2026 06:30:00 PM,29,Yes',
      '"Favre, Léa",lea@example.ch,11/26/2026 06:31:10 PM,11/26/2026 07:00:00 PM,29,Yes',
      'Inconnu,inconnu@example.ch,11/26/2026 06:05:00 PM,11/26/2026 07:00:00 PM,55,Yes',
      'Sans adresse,,11/26/2026 06:05:00 PM,11/26/2026 07:00:00 PM,55,Yes',
    ].join('\r\n');
    const response = await csv(zoom, '/api/admin', webinar.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ attended: 1, noShow: 0, unmatched: ['inconnu@example.ch'] });
    expect(await statuses(webinar.id)).toEqual({ 'lea@example.ch': 'attended', 'marc@example.ch': 'registered', 'zoe@example.ch': 'registered', 'nina@example.ch': 'cancelled' });
  });

  it('reads a semicolon file with a BOM (Excel, Teams) and marks the others absent on request', async () => {
    for (const base of BASES) {
      const { webinar } = await webinarWith(people.map(([email, status]) => [`${base.length}-${email}`, status]));
      const teams = `\uFEFFNom complet;Adresse e-mail;Heure d’arrivée\n"Marc; Dupont";${base.length}-marc@example.ch;26.11.2026 18:02\n`;
      const response = await csv(teams, base, webinar.id, true);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ attended: 1, noShow: 2, unmatched: [] });
      expect(await statuses(webinar.id)).toEqual({
        [`${base.length}-lea@example.ch`]: 'no-show',
        [`${base.length}-marc@example.ch`]: 'attended',
        [`${base.length}-zoe@example.ch`]: 'no-show',
        [`${base.length}-nina@example.ch`]: 'cancelled',
      });
    }
  });

  it('refuses a file without an e-mail column, a non-CSV body and an unknown webinar, in French', async () => {
    const { webinar } = await webinarWith(people);
    const noColumn = await csv('Nom,Durée\nLéa,30\n', '/api/admin', webinar.id);
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.message).toBe('Le fichier ne contient pas de colonne « Email » : exportez la liste des participants avec leur adresse e-mail.');
    const json = await admin.post(`/api/admin/webinars/${webinar.id}/attendance`, { emails: ['lea@example.ch'] });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Envoyez le fichier au format CSV (Content-Type: text/csv).');
    const badOption = await csv('Email\nlea@example.ch\n', '/api/admin', webinar.id, 'oui' as never);
    expect(badOption.status).toBe(400);
    expect((await csv('Email\nlea@example.ch\n', '/api/admin', 999999)).status).toBe(404);
    expect(await statuses(webinar.id)).toMatchObject({ 'lea@example.ch': 'registered' });
  });

  it('refuses a CSV body on a route that does not take one', async () => {
    const response = await admin.request('POST', '/api/admin/webinars', { body: 'title\nx', headers: { 'content-type': 'text/csv' } });
    expect(response.status).toBe(415);
  });
});
