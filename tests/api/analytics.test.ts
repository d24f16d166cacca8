/** The analytics series and the CSV report (decision 072) on a known data set. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format, startOfWeek } from 'date-fns';
import { registerByStatus, startTestAppWithUsers, type TestApp, type TestClient } from './harness.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** The Monday (Zurich) of the week holding `date`, as the API names weeks. */
const weekOf = (date: Date) => format(startOfWeek(new TZDate(date, 'Europe/Zurich'), { weekStartsOn: 1 }), 'yyyy-MM-dd');

/** When the data set's dated contacts arrived (the weeks are named from these instants, not from a later clock). */
let yesterday: Date;
let insideEdge: Date;

async function lead(email: string, fields: Record<string, unknown>): Promise<number> {
  const [row] = await app
    .knex('leads')
    .insert({ firstName: 'Test', email, ...fields })
    .returning('id');
  return row.id;
}

beforeAll(async () => {
  ({ app, admin, member } = await startTestAppWithUsers());
  // New contacts: two this week-ish (form, webinar), one 60 days ago (referral), one 200 days ago (social).
  yesterday = ago(1);
  await lead('a@example.ch', { source: 'form', createdAt: yesterday, status: 'new' });
  await lead('b@example.ch', { source: 'webinar', type: 'webinar', createdAt: yesterday, status: 'qualified' });
  await lead('c@example.ch', { source: 'referral', createdAt: ago(60), status: 'contacted' });
  await lead('d@example.ch', { source: null, createdAt: ago(200), status: 'unqualified' });
  // The edge of the 30 days: ten minutes inside the period (counted), ten minutes before it (not counted).
  // Both usually arrive on the same Zurich day, which the counters cannot split: the first day is read row by row.
  // Its week is read from its own instant: when the period starts in the last ten minutes of a Sunday
  // (Swiss time), it lands in the week after the period's first one.
  insideEdge = new Date(ago(30).getTime() + 10 * 60_000);
  await lead('inside@example.ch', { source: 'website', createdAt: insideEdge, status: 'contacted' });
  await lead('outside@example.ch', { source: 'other', createdAt: new Date(ago(30).getTime() - 10 * 60_000), status: 'new' });
  // A session 10 days ago: 4 seated (one cancelled, one waitlisted not counted), 2 present.
  const [webinar] = await app
    .knex('webinars')
    .insert({ title: '=Investir en 2027', datetime: ago(10) })
    .returning('id');
  const [old] = await app
    .knex('webinars')
    .insert({ title: 'Ancienne session', datetime: ago(120) })
    .returning('id');
  const attendee1 = await lead('p1@example.ch', { type: 'webinar', source: 'webinar', createdAt: ago(400), status: 'qualified' });
  const attendee2 = await lead('p2@example.ch', { type: 'webinar', source: 'webinar', createdAt: ago(400), status: 'qualified' });
  const absent = await lead('p3@example.ch', { type: 'webinar', source: 'webinar', createdAt: ago(400) });
  const registered = await lead('p4@example.ch', { type: 'webinar', source: 'webinar', createdAt: ago(400), status: 'qualified' });
  const cancelled = await lead('p5@example.ch', { type: 'webinar', source: 'webinar', createdAt: ago(400) });
  const waiting = await lead('p6@example.ch', { type: 'webinar', source: 'webinar', createdAt: ago(400) });
  await registerByStatus(app, webinar.id, { attended: [attendee1, attendee2], 'no-show': [absent], registered: [registered], cancelled: [cancelled], waitlisted: [waiting] });
  await registerByStatus(app, old.id, { attended: [absent] });
  // Attendee 1 asked to be contacted (the public form's note); attendee 2 did not. Both are qualified.
  await app.knex('activities').insert({ leadId: attendee1, type: 'note', status: 'completed', title: 'Demande de contact' });
});
afterAll(() => app.close());

describe('GET /api/admin/analytics', () => {
  it('answers 401 signed out, and lets a viewer (Lecture seule) read', async () => {
    expect((await app.client().get('/api/admin/analytics')).status).toBe(401);
    expect((await member.get('/api/admin/analytics')).status).toBe(200);
    expect((await member.get('/api/admin/analytics/report.csv')).status).toBe(200);
  });

  it('answers 400 in French for an unknown period', async () => {
    const response = await admin.get('/api/admin/analytics', { query: { period: '7d' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ path: 'period', message: "La période doit être l'une des valeurs suivantes : 30 jours, 90 jours, 12 mois." });
  });

  it('gives the 30 days series: weeks by source, funnel, sessions, statuses', async () => {
    const response = await admin.get('/api/admin/analytics', { query: { period: '30d' } });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.period).toBe('30d');
    // Every week from the one holding the start to the current one, Monday to Monday.
    expect(body.newContacts[0].week).toBe(weekOf(new Date(body.from)));
    expect(body.newContacts.at(-1).week).toBe(weekOf(new Date(body.to)));
    expect(body.newContacts.length).toBeGreaterThanOrEqual(5);
    const total = body.newContacts.reduce((sum: number, week: { total: number }) => sum + week.total, 0);
    expect(total).toBe(3);
    const recent = body.newContacts.find((week: { week: string }) => week.week === weekOf(yesterday));
    expect(recent.counts).toMatchObject({ form: 1, webinar: 1, referral: 0, social: 0, other: 0 });
    const edge = body.newContacts.find((week: { week: string }) => week.week === weekOf(insideEdge));
    expect(edge.counts).toMatchObject({ website: 1, other: 0 });
    expect(body.funnel).toEqual({ registered: 4, attended: 2, contactRequested: 1, qualified: 1 });
    expect(body.sessions).toEqual([{ id: expect.any(Number), title: '=Investir en 2027', datetime: expect.any(String), registrations: 4, attended: 2, attendanceRate: 50 }]);
    expect(body.statuses).toEqual([
      { status: 'new', count: 1 },
      { status: 'contacted', count: 1 },
      { status: 'qualified', count: 1 },
      { status: 'unqualified', count: 0 },
    ]);
  });

  it('widens with the period: 90 days and 12 months', async () => {
    const quarter = (await admin.get('/api/admin/analytics', { query: { period: '90d' } })).body;
    expect(quarter.statuses.find((s: { status: string }) => s.status === 'contacted').count).toBe(2);
    expect(quarter.statuses.find((s: { status: string }) => s.status === 'new').count).toBe(2);
    expect(quarter.sessions).toHaveLength(1);
    const year = (await admin.get('/api/admin/analytics', { query: { period: '12m' } })).body;
    expect(year.newContacts.length).toBeGreaterThanOrEqual(52);
    // A contact without a source counts as a form.
    expect(year.newContacts.reduce((sum: number, week: { counts: { form: number } }) => sum + week.counts.form, 0)).toBe(2);
    expect(year.sessions.map((s: { title: string }) => s.title)).toEqual(['Ancienne session', '=Investir en 2027']);
    expect(year.funnel).toEqual({ registered: 4, attended: 3, contactRequested: 1, qualified: 1 });
  });
});

describe('GET /api/admin/analytics/report.csv', () => {
  it('downloads the figures as Swiss Excel CSV: BOM, semicolons, CRLF, French headers, dd.MM.yyyy, no formula', async () => {
    const response = await admin.get('/api/admin/analytics/report.csv', { query: { period: '30d' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="rapport-30d-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await (await fetch(new URL('/api/admin/analytics/report.csv?period=30d', admin.baseUrl), { headers: { cookie: admin.cookieHeader } })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Rubrique;Élément;Date;Valeur');
    expect(lines).toContain('Période;30 jours;;');
    expect(lines.some((line) => /^Période;Début;\d{2}\.\d{2}\.\d{4};$/.test(line))).toBe(true);
    const weekly = lines.filter((line) => line.startsWith('Nouveaux contacts par semaine;Total;'));
    expect(weekly.length).toBeGreaterThan(0);
    for (const line of weekly) expect(line).toMatch(/^Nouveaux contacts par semaine;Total;\d{2}\.\d{2}\.\d{4};\d+$/);
    expect(lines).toContain('Entonnoir des webinaires;Inscrits;;4');
    expect(lines).toContain('Entonnoir des webinaires;Qualifiés;;1');
    expect(lines).toContain('Contacts par statut;Nouveau;;1');
    const rate = lines.find((line) => line.includes('taux de présence'));
    expect(rate).toMatch(/^Sessions;'=Investir en 2027 : taux de présence \(%\);\d{2}\.\d{2}\.\d{4};50$/);
    expect(response.text.includes('\n') && !/[^\r]\n/.test(response.text)).toBe(true);
  });
});

// Last: it changes the data set the tests above count.
describe('analytics after changes', () => {
  it('follows a status change, a change of source and an erasure at once (the counters kept by triggers)', async () => {
    const statusCount = (body: { statuses: { status: string; count: number }[] }, status: string) => body.statuses.find((s) => s.status === status)!.count;
    const inside = await app.knex('leads').where({ email: 'inside@example.ch' }).first();
    expect((await admin.patch(`/api/admin/leads/${inside.id}`, { status: 'qualified', source: 'referral' })).status).toBe(200);
    let month = (await admin.get('/api/admin/analytics', { query: { period: '30d' } })).body;
    expect(statusCount(month, 'contacted')).toBe(0);
    expect(statusCount(month, 'qualified')).toBe(2);
    expect(month.newContacts.find((week: { week: string }) => week.week === weekOf(insideEdge)).counts).toMatchObject({ website: 0, referral: 1 });
    // A contact whose arrival date is corrected to ten months ago leaves the 30 days.
    await app
      .knex('leads')
      .where({ email: 'a@example.ch' })
      .update({ createdAt: ago(300) });
    expect((await admin.delete(`/api/admin/leads/${inside.id}`)).status).toBe(204);
    month = (await admin.get('/api/admin/analytics', { query: { period: '30d' } })).body;
    expect(month.newContacts.reduce((sum: number, week: { total: number }) => sum + week.total, 0)).toBe(1);
    expect(month.statuses).toEqual([
      { status: 'new', count: 0 },
      { status: 'contacted', count: 0 },
      { status: 'qualified', count: 1 },
      { status: 'unqualified', count: 0 },
    ]);
  });
});
