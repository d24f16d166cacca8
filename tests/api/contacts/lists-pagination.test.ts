/**
 * A contact's page lists its activities, e-mails and registrations one page at a time, newest first
 * (docs/decisions/089-contact-lists-are-paginated.md): a contact with 5,000 activities is paged through
 * with every activity exactly once, in a stable order, and a bad page or limit is a French 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
let leadId: number;
let otherLeadId: number;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn({ email: 'camille@example.ch' });
  const [lead] = await app.knex('leads').insert({ firstName: 'Léa', email: 'lea@example.ch' }).returning('id');
  const [other] = await app.knex('leads').insert({ firstName: 'Marc', email: 'marc@example.ch' }).returning('id');
  leadId = lead.id;
  otherLeadId = other.id;
  // One statement per table: 5,000 activities, three at a time sharing the same instant so the
  // order needs its tie-breaker; a few of another contact that must never show.
  await app.knex.raw(
    `insert into activities (lead_id, type, status, title, created_at)
     select ?, 'note', 'completed', 'Activité ' || n, timestamptz '2026-11-01 12:00:00+00' - (n / 3) * interval '1 minute'
     from generate_series(1, 5000) as n`,
    [leadId],
  );
  await app.knex.raw(`insert into activities (lead_id, title) select ?, 'Autre ' || n from generate_series(1, 5) as n`, [otherLeadId]);
  await app.knex.raw(
    `insert into emails (kind, cause_key, to_address, lead_id, created_at)
     select 'team_alert', 'pages-test:' || n, 'lea@example.ch', ?, timestamptz '2026-11-01 12:00:00+00' - (n / 2) * interval '1 minute'
     from generate_series(1, 250) as n`,
    [leadId],
  );
  await app.knex.raw(`insert into emails (kind, cause_key, to_address, lead_id) select 'team_alert', 'pages-other:' || n, 'marc@example.ch', ? from generate_series(1, 3) as n`, [otherLeadId]);
  // 130 sessions, two at a time at the same date; the contact is registered to each.
  await app.knex.raw(
    `insert into webinars (title, datetime) select 'Session ' || n, timestamptz '2027-01-01 17:00:00+00' + (n / 2) * interval '1 day'
     from generate_series(1, 130) as n`,
  );
  await app.knex.raw(`insert into webinar_registrations (webinar_id, lead_id) select id, ? from webinars order by id desc`, [leadId]);
  await app.knex.raw(`insert into webinar_registrations (webinar_id, lead_id) select id, ? from webinars order by id limit 2`, [otherLeadId]);
});
afterAll(() => app.close());

interface Listed {
  id: number;
}

/** Every page of `path` at `limit`, checking each page's pagination object on the way. */
async function pageThrough(path: string, key: string, limit: number, total: number): Promise<number[]> {
  const ids: number[] = [];
  const pages = Math.ceil(total / limit);
  for (let page = 1; page <= pages + 1; page += 1) {
    const response = await admin.get(path, { query: { page, limit } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([key, 'pagination'].sort());
    expect(response.body.pagination).toEqual({ page, limit, total });
    const rows = response.body[key] as Listed[];
    expect(rows).toHaveLength(page <= pages ? Math.min(limit, total - (page - 1) * limit) : 0);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

const byNewestThenId = (a: { at: Date; id: number }, b: { at: Date; id: number }) => b.at.getTime() - a.at.getTime() || b.id - a.id;

async function expectBadPaging(path: string) {
  for (const [query, field, message] of [
    [{ limit: 101 }, 'limit', 'La limite doit être un nombre entier compris entre 1 et 100.'],
    [{ limit: 0 }, 'limit', 'La limite doit être un nombre entier compris entre 1 et 100.'],
    [{ limit: 'vingt' }, 'limit', 'La limite doit être un nombre entier compris entre 1 et 100.'],
    [{ limit: '2.5' }, 'limit', 'La limite doit être un nombre entier compris entre 1 et 100.'],
    [{ page: 0 }, 'page', 'La page doit être un nombre entier supérieur ou égal à 1.'],
    [{ page: -3 }, 'page', 'La page doit être un nombre entier supérieur ou égal à 1.'],
    [{ page: 'abc' }, 'page', 'La page doit être un nombre entier supérieur ou égal à 1.'],
  ] as Array<[Record<string, string | number>, string, string]>) {
    const response = await admin.get(path, { query });
    expect(response.status, JSON.stringify(query)).toBe(400);
    expect(response.body).toEqual({ message: 'Données invalides', errors: [{ path: field, message }] });
  }
}

describe("a contact's activities", () => {
  const path = () => `/api/crm/leads/${leadId}/activities`;
  const expectedActivities = async () => {
    const rows = await app.knex('activities').where({ leadId }).select('id', 'createdAt');
    return rows
      .map((row) => ({ id: row.id as number, at: new Date(row.createdAt) }))
      .sort(byNewestThenId)
      .map((row) => row.id);
  };

  it('answer the 20 newest by default, with the pagination of every list', async () => {
    const response = await admin.get(path());
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 5000 });
    expect(response.body.activities.map((activity: Listed) => activity.id)).toEqual((await expectedActivities()).slice(0, 20));
    expect(response.body.activities[0]).toMatchObject({ leadId, type: 'note', status: 'completed', createdAt: '2026-11-01T12:00:00.000Z' });
  });

  it('page through all 5,000 at most 100 at a time: each exactly once, newest first, ties by id', async () => {
    const expected = await expectedActivities();
    const listed = await pageThrough(path(), 'activities', 100, 5000);
    expect(new Set(listed).size).toBe(5000);
    expect(listed).toEqual(expected);
    // Another page size cuts the same order.
    const middle = await admin.get(path(), { query: { page: 50, limit: 37 } });
    expect(middle.body.activities.map((activity: Listed) => activity.id)).toEqual(expected.slice(49 * 37, 50 * 37));
  });

  it('refuse a limit over 100, a page under 1 and garbage with a French message', async () => {
    await expectBadPaging(path());
  });

  it('are read through the (lead_id, created_at desc, id desc) index, without sorting', async () => {
    await app.knex.raw('analyze activities');
    const plan = await app.knex.raw('explain select * from activities where lead_id = ? order by created_at desc, id desc limit 20 offset 40', [leadId]);
    const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('activities_lead_created_id_idx');
    expect(text).not.toMatch(/Sort/);
  });
});

describe("a contact's e-mails", () => {
  const path = () => `/api/admin/leads/${leadId}/emails`;

  it('answer the 20 newest by default, only the contact’s', async () => {
    const response = await admin.get(path());
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 250 });
    expect(response.body.emails).toHaveLength(20);
    expect(response.body.emails[0]).toMatchObject({ leadId, kind: 'team_alert', to: 'lea@example.ch' });
  });

  it('page through all of them: each exactly once, newest first, ties by id', async () => {
    const rows = await app.knex('emails').where({ leadId }).select('id', 'createdAt');
    const expected = rows
      .map((row) => ({ id: row.id as number, at: new Date(row.createdAt) }))
      .sort(byNewestThenId)
      .map((row) => row.id);
    expect(await pageThrough(path(), 'emails', 100, 250)).toEqual(expected);
    expect(await pageThrough(path(), 'emails', 7, 250)).toEqual(expected);
  });

  it('refuse bad paging with a French message, an unknown contact with a 404, a visitor with a 401', async () => {
    await expectBadPaging(path());
    const missing = await admin.get('/api/admin/leads/999999/emails');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Contact non trouvé' });
    expect((await app.client().get(path())).status).toBe(401);
  });

  it('are read through the (lead_id, created_at desc, id desc) index, without sorting', async () => {
    // As in real life, the contact's e-mails are a small part of all e-mails.
    await app.knex.raw(`insert into emails (kind, cause_key, to_address, lead_id) select 'team_alert', 'pages-many:' || n, 'marc@example.ch', ? from generate_series(1, 5000) as n`, [otherLeadId]);
    await app.knex.raw('analyze emails');
    const plan = await app.knex.raw('explain select * from emails where lead_id = ? order by created_at desc, id desc limit 20', [leadId]);
    const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('emails_lead_created_id_idx');
    expect(text).not.toMatch(/Sort/);
  });
});

describe("a contact's registrations", () => {
  const path = () => `/api/admin/leads/${leadId}/registrations`;

  it('answer the 20 with the latest sessions by default', async () => {
    const response = await admin.get(path());
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 130 });
    expect(response.body.registrations).toHaveLength(20);
    expect(response.body.registrations[0]).toMatchObject({ status: 'registered', webinar: { title: 'Session 130' } });
  });

  it('page through all of them: each exactly once, latest session first, ties by id', async () => {
    const rows = await app.knex('webinarRegistrations as r').join('webinars as w', 'w.id', 'r.webinarId').where('r.leadId', leadId).select('r.id', 'w.datetime');
    const expected = rows
      .map((row) => ({ id: row.id as number, at: new Date(row.datetime) }))
      .sort(byNewestThenId)
      .map((row) => row.id);
    expect(await pageThrough(path(), 'registrations', 100, 130)).toEqual(expected);
    expect(await pageThrough(path(), 'registrations', 9, 130)).toEqual(expected);
  });

  it('refuse bad paging with a French message', async () => {
    await expectBadPaging(path());
  });
});
