// Sign-ups while no webinar session is planned (decisions 050, 051, 053): kept waiting, invited when one is created, registered from the invitation.
import { describe, expect, it } from 'vitest';
import { sessionDate } from '../../support/webinars.ts';
import { frenchLongDate } from '../../../api/platform/lib/french-dates.ts';
import { app, createWebinar, linkIn, mailTo, postForm, registrationOf, setUpFunnelApp, signUp } from './funnel-support.ts';

setUpFunnelApp();

describe('sign-ups while no session is planned', () => {
  it('keeps them waiting, invites each one when a session is created, and registers them in one step from the invitation', async () => {
    const none = await signUp('lea@example.ch');
    expect(none.body).toMatchObject({ registration: null, notice: expect.stringMatching(/invitation/) });
    await signUp('marc@example.ch', 'Marc');
    expect(await app.knex('webinarInterests').whereNull('invitedAt')).toHaveLength(2);

    const start = sessionDate('2027-01-28T17:00:00.000Z');
    const webinar = await createWebinar({ datetime: start });
    const invitation = await mailTo('lea@example.ch', /Nouvelle session/);
    expect(invitation.parsed.text).toContain(`${frenchLongDate(new Date(start), { weekday: true })} à 18 h 00 (heure suisse)`);
    await mailTo('marc@example.ch', /Nouvelle session/);
    expect(await app.knex('emails').where({ kind: 'webinar_invitation', webinarId: webinar.id })).toHaveLength(2);
    expect(await app.knex('webinarInterests').whereNull('invitedAt')).toHaveLength(0);

    const link = linkIn(invitation, '/inscription-webinaire/');
    const page = await app.client().get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await registrationOf('lea@example.ch')).toBeUndefined();

    const fields = Object.fromEntries(link.searchParams);
    const joined = await postForm('/api/registrations/join', fields);
    expect(joined.status).toBe(303);
    expect(new URL(joined.headers.get('location')!, app.url).pathname).toBe('/merci/');
    expect(await registrationOf('lea@example.ch')).toMatchObject({ status: 'registered', webinarId: webinar.id });
    await mailTo('lea@example.ch', /confirmée/);

    // A second click keeps the one seat.
    const twice = await app.client().post('/api/registrations/join', { ...fields, webinar: Number(fields.webinar), lead: Number(fields.lead) });
    expect(twice.status).toBe(200);
    expect(twice.body.message).toMatch(/déjà enregistrée/);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id })).toHaveLength(1);

    // A second session invites nobody again.
    await createWebinar({ datetime: sessionDate('2027-02-28T17:00:00.000Z') });
    expect(await app.knex('emails').where({ kind: 'webinar_invitation' })).toHaveLength(2);
  });

  it('refuses an invitation link for someone else', async () => {
    await signUp('lea@example.ch');
    const webinar = await createWebinar();
    const invitation = await mailTo('lea@example.ch', /Nouvelle session/);
    const fields = Object.fromEntries(linkIn(invitation, '/inscription-webinaire/').searchParams);
    const other = await app.knex('leads').insert({ firstName: 'Autre', email: 'autre@example.ch', type: 'webinar', source: 'form', status: 'new' }).returning('id');
    const response = await app.client().post('/api/registrations/join', { webinar: webinar.id, lead: (other[0] as { id: number }).id, token: fields.token });
    expect(response.status).toBe(404);
    expect(await app.knex('webinarRegistrations')).toHaveLength(0);
  });
});
