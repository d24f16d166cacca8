import { describe, expect, it } from 'vitest';
import { ADMIN_API_BASES as BASES } from '../../api/features/index.ts';
import { setUpAppWithUsers, type TestApp, type TestClient } from './harness.ts';
import { percentageChange } from '../../api/features/contacts/records/lead-counts.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
setUpAppWithUsers(['leads', 'webinars'], (users) => ({ app, admin, member } = users));

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
let counter = 0;
async function insertLead(fields: Record<string, unknown> = {}) {
  counter += 1;
  const [row] = await app
    .knex('leads')
    .insert({ firstName: `Contact${counter}`, email: `c${counter}@example.ch`, ...fields })
    .returning('*');
  return row;
}

describe('access control', () => {
  for (const base of BASES) {
    it.each(['/stats/leads', '/stats/webinars', '/activities/recent'])(`${base}%s answers 401 signed out and 200 to a viewer`, async (path) => {
      expect((await app.client().get(`${base}${path}`)).status).toBe(401);
      expect((await member.get(`${base}${path}`)).status).toBe(200);
    });
  }
});

describe('GET {base}/stats/leads', () => {
  it('answers zeros on an empty database', async () => {
    const response = await admin.get('/api/admin/stats/leads');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: 0, newLastMonth: 0, newPreviousMonth: 0, percentageChange: 0, newThisMonth: 0, toContact: 0 });
  });

  it('counts the last 30 days against the 30 days before', async () => {
    for (const days of [1, 5, 29]) await insertLead({ createdAt: daysAgo(days), status: 'contacted' });
    for (const days of [31, 59]) await insertLead({ createdAt: daysAgo(days) });
    await insertLead({ createdAt: daysAgo(90) });
    for (const base of BASES) {
      const response = await admin.get(`${base}/stats/leads`);
      expect(response.body).toMatchObject({ total: 6, newLastMonth: 3, newPreviousMonth: 2, percentageChange: 50, toContact: 3 });
    }
  });

  it('says 100 % when only the current period has leads, and a negative change when it has fewer', async () => {
    await insertLead({ createdAt: daysAgo(2) });
    // The base the dashboard needs to say "no new contact last month" instead of "+100 %" (decision 119).
    expect((await admin.get('/api/admin/stats/leads')).body).toMatchObject({ newLastMonth: 1, newPreviousMonth: 0, percentageChange: 100 });
    for (const days of [35, 40, 45]) await insertLead({ createdAt: daysAgo(days) });
    expect((await admin.get('/api/admin/stats/leads')).body.percentageChange).toBe(-67);
  });

  it('counts the leads created since the 1st of the current month in Switzerland', async () => {
    // 1st of this month, 00:00 in Zurich, computed by the database's time zone rules.
    const { rows } = await app.knex.raw(`select date_trunc('month', now() at time zone 'Europe/Zurich') at time zone 'Europe/Zurich' as start`);
    const start: Date = rows[0].start;
    await insertLead({ createdAt: new Date(start.getTime() + 60_000) });
    await insertLead({ createdAt: new Date(start.getTime() - 60_000) });
    expect((await admin.get('/api/admin/stats/leads')).body.newThisMonth).toBe(1);
  });

  it('rounds the percentage to an integer', () => {
    expect(percentageChange(0, 0)).toBe(0);
    expect(percentageChange(4, 0)).toBe(100);
    expect(percentageChange(2, 3)).toBe(-33);
    expect(percentageChange(3, 2)).toBe(50);
    expect(percentageChange(0, 5)).toBe(-100);
  });
});

describe('GET {base}/stats/webinars', () => {
  it('counts active webinars to come and every registration', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);
    const [active] = await app
      .knex('webinars')
      .insert({ title: 'A', datetime: inDays(3) })
      .returning('id');
    await app.knex('webinars').insert({ title: 'Inactif', datetime: inDays(3), isActive: false });
    const [past] = await app
      .knex('webinars')
      .insert({ title: 'Passé', datetime: inDays(-3) })
      .returning('id');
    const lead = await insertLead();
    const other = await insertLead();
    await app.knex('webinarRegistrations').insert([
      { webinarId: active.id, leadId: lead.id },
      { webinarId: past.id, leadId: lead.id, status: 'attended' },
      { webinarId: past.id, leadId: other.id, status: 'no-show' },
    ]);
    for (const base of BASES) {
      const response = await admin.get(`${base}/stats/webinars`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ upcoming: 1, registrations: 3 });
    }
  });
});

describe('GET {base}/activities/recent', () => {
  it('lists the newest activities of every contact with who they concern (default 10)', async () => {
    const lea = await insertLead({ firstName: 'Léa', lastName: 'Favre' });
    const marc = await insertLead({ firstName: 'Marc', lastName: null });
    for (let index = 0; index < 12; index += 1) {
      await app.knex('activities').insert({
        leadId: index % 2 ? lea.id : marc.id,
        title: `Activité ${index}`,
        type: 'call',
        createdAt: new Date(Date.now() - (20 - index) * 60_000),
      });
    }
    const response = await admin.get('/api/admin-dev/activities/recent');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(10);
    expect(response.body[0]).toMatchObject({
      id: expect.any(Number),
      type: 'call',
      title: 'Activité 11',
      description: null,
      status: 'planned',
      completedAt: null,
      createdAt: expect.any(String),
      lead: { id: lea.id, firstName: 'Léa', lastName: 'Favre' },
    });
    expect(response.body[1].lead).toEqual({ id: marc.id, firstName: 'Marc', lastName: null });
    const limited = await admin.get('/api/admin/activities/recent', { query: { limit: 3 } });
    expect(limited.body.map((activity: { title: string }) => activity.title)).toEqual(['Activité 11', 'Activité 10', 'Activité 9']);
  });

  it('refuses a limit that is not between 1 and 50', async () => {
    for (const limit of ['0', '51', 'dix']) {
      const response = await admin.get('/api/admin/activities/recent', { query: { limit } });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].path).toBe('limit');
    }
  });
});
