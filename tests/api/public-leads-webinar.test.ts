/** POST /api/leads for a webinar: one registration per contact, the waiting list when full, and never more sign-ups than seats, even on PostgreSQL's worst interleaving. */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { setUpPublicLeadsTests, app, leadByEmail, createWebinar } from './public-leads-support.ts';

setUpPublicLeadsTests();

describe('POST /api/leads — webinar sign-up', () => {
  const WEBINAR_LEAD = { firstName: 'Marc', lastName: 'Dubois', email: 'marc.dubois@example.ch', company: 'Dubois SA', type: 'webinar' };

  it('registers the new contact (source webinar) to the next upcoming active webinar', async () => {
    await createWebinar({ title: 'Plus tard', datetime: new Date(Date.now() + 30 * 24 * 3600 * 1000) });
    await createWebinar({ title: 'Inactif', isActive: false, datetime: new Date(Date.now() + 24 * 3600 * 1000) });
    await createWebinar({ title: 'Passé', datetime: new Date(Date.now() - 24 * 3600 * 1000) });
    const next = await createWebinar({ title: 'Le prochain', datetime: new Date(Date.now() + 2 * 24 * 3600 * 1000) });

    const response = await app.client().post('/api/leads', WEBINAR_LEAD);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ status: 'received', registration: { webinarId: next.id, status: 'registered' }, notice: null });
    const lead = await leadByEmail(WEBINAR_LEAD.email);
    expect(lead).toMatchObject({ type: 'webinar', source: 'webinar', status: 'new' });
    const activity = await app.knex('activities').where({ leadId: lead.id }).first();
    expect(activity).toMatchObject({ title: 'Inscription au webinaire', type: 'note', status: 'completed', description: null });
    expect(await app.knex('webinarRegistrations').where({ leadId: lead.id })).toHaveLength(1);
  });

  it('registers a lead only once per webinar, and still logs each submission', async () => {
    const webinar = await createWebinar();
    const first = await app.client().post('/api/leads', WEBINAR_LEAD);
    const again = await app.client().post('/api/leads', { ...WEBINAR_LEAD, email: 'Marc.Dubois@example.ch' });
    expect(again.status).toBe(201);
    expect(again.body.registration).toEqual({ webinarId: webinar.id, status: 'registered' });
    // A repeated sign-up is answered exactly like the first one (decision 020).
    expect(again.body).toEqual(first.body);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id })).toHaveLength(1);
    const lead = await leadByEmail(WEBINAR_LEAD.email);
    expect(await app.knex('activities').where({ leadId: lead.id })).toHaveLength(2);
  });

  it('still saves the contact and says so when no webinar is upcoming', async () => {
    await createWebinar({ datetime: new Date(Date.now() - 3600 * 1000) });
    const response = await app.client().post('/api/leads', WEBINAR_LEAD);
    expect(response.status).toBe(201);
    expect(response.body.registration).toBeNull();
    expect(response.body.notice).toMatch(/aucun webinaire n'est programmé/);
    expect(await leadByEmail(WEBINAR_LEAD.email)).toBeDefined();
  });

  it('puts the sign-up on the waiting list and says so when the webinar is full', async () => {
    const webinar = await createWebinar({ maxAttendees: 1 });
    await app.client().post('/api/leads', { ...WEBINAR_LEAD, email: 'premier@example.ch' });
    const response = await app.client().post('/api/leads', WEBINAR_LEAD);
    expect(response.status).toBe(201);
    expect(response.body.registration).toEqual({ webinarId: webinar.id, status: 'waitlisted' });
    expect(response.body.notice).toMatch(/complet : vous êtes sur la liste d'attente/);
    expect(await leadByEmail(WEBINAR_LEAD.email)).toBeDefined();
  });

  it('never goes beyond maxAttendees: 20 simultaneous sign-ups for 5 seats give exactly 5 registrations', async () => {
    const webinar = await createWebinar({ maxAttendees: 5 });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => app.client().post('/api/leads', { ...WEBINAR_LEAD, email: `participant${index}@example.ch` })));
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect(responses.filter((response) => response.body.registration?.status === 'registered')).toHaveLength(5);
    expect(responses.filter((response) => response.body.registration?.status === 'waitlisted')).toHaveLength(15);
    expect(responses.filter((response) => /complet/.test(response.body.notice ?? ''))).toHaveLength(15);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'registered' })).toHaveLength(5);
    expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'waitlisted' })).toHaveLength(15);
    expect(await app.knex('leads').select('id')).toHaveLength(20);
  });
});

// PGlite has a single connection, so sign-ups are serialised there by construction; on PostgreSQL
// transactions really interleave. This test forces the worst interleaving: a table lock holds every
// sign-up right before its INSERT, after it has counted the seats taken.
if (process.env.TEST_DB === 'pg') {
  describe('webinar capacity on PostgreSQL, worst interleaving', () => {
    it('registers no more than maxAttendees when every sign-up counted the seats before any insert', async () => {
      const webinar = await createWebinar({ maxAttendees: 2 });
      const blocker = new pg.Client({ connectionString: app.config.databaseUrl });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table webinar_registrations in share row exclusive mode');
        const racing = Promise.all(Array.from({ length: 6 }, (_, index) => app.client().post('/api/leads', { firstName: 'Marc', email: `course${index}@example.ch`, type: 'webinar' })));
        // Wait until the pool's connections are blocked (on the table lock or on the webinar row).
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const { rows } = await blocker.query('select count(*)::int as waiting from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())');
          if (rows[0].waiting >= 4) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await blocker.query('commit');
        const responses = await racing;
        expect(responses.filter((response) => response.body.registration?.status === 'registered')).toHaveLength(2);
      } finally {
        await blocker.end();
      }
      expect(await app.knex('webinarRegistrations').where({ webinarId: webinar.id, status: 'registered' })).toHaveLength(2);
    });
  });
}
