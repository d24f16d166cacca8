/**
 * The trigger-kept contact counters (`lead_counts`, and `lead_daily_counts` for the analytics) stay
 * exactly equal to count(*) through every kind of write: public upserts, admin creation, status changes, bulk inserts, deletes, and compaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactLeadCounts, countLeads } from '../../../api/features/contacts/records/lead-counts.ts';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';

let app: TestApp;
let admin: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn();
});
afterAll(() => app.close());

async function expectExactCounts(): Promise<void> {
  const rows = await app.knex('leads').select('status').count<{ status: string; count: string | number }[]>({ count: '*' }).groupBy('status');
  const actual = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  const total = Object.values(actual).reduce((sum, count) => sum + count, 0);
  expect(await countLeads(app.knex)).toBe(total);
  for (const status of ['new', 'contacted', 'qualified', 'unqualified']) {
    expect(await countLeads(app.knex, status)).toBe(actual[status] ?? 0);
  }
  const list = await admin.get('/api/admin/leads');
  expect(list.body.pagination.total).toBe(total);
  const stats = await admin.get('/api/admin/stats/leads');
  expect(stats.body).toMatchObject({ total, toContact: actual.new ?? 0 });
  // The analytics counters (decision 078): per Zurich day, source and status, equal to the rows themselves.
  const byDay = (sql: string) => app.knex.raw<{ rows: Array<{ day: string; source: string | null; status: string; count: number }> }>(sql).then(({ rows }) => rows);
  expect(
    await byDay(`select to_char(day, 'YYYY-MM-DD') as day, source, status, sum(delta)::int as count from lead_daily_counts
                       group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3`),
  ).toEqual(
    await byDay(`select to_char((created_at at time zone 'Europe/Zurich')::date, 'YYYY-MM-DD') as day, source, status, count(*)::int as count
                   from leads group by 1, 2, 3 order by 1, 2, 3`),
  );
}

describe('lead counters', () => {
  it('follow inserts, upserts, status changes, bulk writes, deletes and compaction', async () => {
    await expectExactCounts();
    for (const n of [1, 2, 3]) {
      expect((await app.client().post('/api/leads', { firstName: 'Compte', email: `compte${n}@example.ch`, type: 'contact' })).status).toBe(201);
    }
    // The same email again: an update, not a new contact.
    expect((await app.client().post('/api/leads', { firstName: 'Compte', email: 'COMPTE1@example.ch', type: 'contact' })).status).toBe(201);
    await expectExactCounts();

    const created = await admin.post('/api/admin/leads', { firstName: 'Qualifiée', email: 'qualifiee@example.ch', status: 'qualified' });
    expect((await admin.patch(`/api/admin/leads/${created.body.id}`, { status: 'contacted' })).status).toBe(200);
    await expectExactCounts();

    await app.knex('leads').insert(Array.from({ length: 50 }, (_, n) => ({ firstName: 'Lot', email: `lot${n}@example.ch`, status: n % 2 ? 'new' : 'unqualified' })));
    await app.knex('leads').where('email', 'like', 'lot%').where({ status: 'new' }).update({ status: 'qualified' });
    await app
      .knex('leads')
      .where('email', 'like', 'lot2%')
      .update({ source: 'referral', createdAt: new Date('2025-03-30T00:30:00Z') });
    await expectExactCounts();

    expect((await admin.delete(`/api/admin/leads/${created.body.id}`)).status).toBe(204);
    await app.knex('leads').where('email', 'like', 'lot1%').delete();
    await expectExactCounts();

    await compactLeadCounts(app.knex);
    expect(Number((await app.knex('leadCounts').count({ count: '*' }))[0]!.count)).toBeLessThanOrEqual(4);
    const groups = await app.knex.raw<{ rows: unknown[] }>(`select distinct (created_at at time zone 'Europe/Zurich')::date, source, status from leads`);
    expect(Number((await app.knex('leadDailyCounts').count({ count: '*' }))[0]!.count)).toBe(groups.rows.length);
    await expectExactCounts();
  });

  it('counts with a status filter from the counters and with other filters from the rows', async () => {
    const qualified = await admin.get('/api/admin/leads', { query: { status: 'qualified' } });
    expect(qualified.body.pagination.total).toBe(await countLeads(app.knex, 'qualified'));
    const searched = await admin.get('/api/admin/leads', { query: { search: 'compte' } });
    expect(searched.body.pagination.total).toBe(3);
  });
});
