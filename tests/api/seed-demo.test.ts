import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { DEMO_ADMIN_EMAIL, seedDemo } from '../../api/cli/seed-demo.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const count = async (table: string) => Number((await app.knex(table).count({ n: '*' }).first())!.n);

describe('npm run seed:demo', () => {
  it('fills an empty database with about 200 contacts, 6 webinars, registrations and activities, and an admin who can sign in', async () => {
    const summary = await seedDemo(app.knex);
    expect(summary.leadsCreated).toBe(200);
    expect(summary.webinarsCreated).toBe(6);
    expect(summary.registrationsCreated).toBeGreaterThan(20);
    expect(summary.activitiesCreated).toBeGreaterThan(200);
    expect(summary.admin?.email).toBe(DEMO_ADMIN_EMAIL);

    const client = app.client();
    const login = await client.post('/api/simple-auth/login', { email: DEMO_ADMIN_EMAIL, password: summary.admin!.password });
    expect(login.status).toBe(200);
    expect(login.body.isAdmin).toBe(true);

    const sources = await app.knex('leads').distinct('source').pluck('source');
    expect(sources.sort()).toEqual(['form', 'other', 'referral', 'social', 'webinar', 'website']);
    const statuses = await app.knex('leads').distinct('status').pluck('status');
    expect(statuses.sort()).toEqual(['contacted', 'new', 'qualified', 'unqualified']);
    const webinars = await client.get('/api/admin/webinars');
    const now = Date.now();
    expect(webinars.body.webinars.filter((webinar: { datetime: string }) => Date.parse(webinar.datetime) > now)).toHaveLength(3);
    const registrationStatuses = await app.knex('webinarRegistrations').distinct('status').pluck('status');
    expect(registrationStatuses.sort()).toEqual(['attended', 'no-show', 'registered']);
    const stats = await client.get('/api/admin/stats/leads');
    expect(stats.body.total).toBe(200);
    expect(stats.body.newLastMonth).toBeGreaterThan(0);
    // Every registration respects its webinar's capacity and precedes it.
    const overbooked = await app.knex.raw(
      `select w.id from webinars w join webinar_registrations r on r.webinar_id = w.id
       group by w.id, w.max_attendees having count(*) > w.max_attendees`,
    );
    expect(overbooked.rows).toEqual([]);
    const late = await app.knex('webinarRegistrations').join('webinars', 'webinars.id', 'webinarRegistrations.webinarId').whereRaw('registered_at > webinars.datetime');
    expect(late).toEqual([]);
  });

  it('adds nothing twice when run again, and never creates a second admin', async () => {
    const before = {
      leads: await count('leads'),
      webinars: await count('webinars'),
      registrations: await count('webinar_registrations'),
      activities: await count('activities'),
      users: await count('users'),
    };
    const summary = await seedDemo(app.knex);
    expect(summary).toEqual({ leadsCreated: 0, webinarsCreated: 0, registrationsCreated: 0, activitiesCreated: 0, admin: null });
    expect({
      leads: await count('leads'),
      webinars: await count('webinars'),
      registrations: await count('webinar_registrations'),
      activities: await count('activities'),
      users: await count('users'),
    }).toEqual(before);
  });
});
