/**
 * Retention (decision 063). Contacts with nothing new for RETENTION_MONTHS are erased by the weekly job (each
 * audited); e-mail bodies older than EMAIL_BODY_RETENTION_DAYS are emptied, their metadata kept; the
 * admin API tells what the next run will do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { runRetention } from '../../api/features/privacy/retention.ts';
import { loadConfig, ConfigError } from '../../api/platform/config.ts';

let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ RETENTION_MONTHS: '12', EMAIL_BODY_RETENTION_DAYS: '30' });
  admin = await app.signIn();
});
afterAll(() => app.close());

const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

async function lead(email: string, days: number, extra: Record<string, unknown> = {}): Promise<number> {
  const [row] = await app
    .knex('leads')
    .insert({ firstName: 'Ancien', email, createdAt: ago(days), updatedAt: ago(days), ...extra })
    .returning('id');
  return (row as { id: number }).id;
}

async function email(leadId: number, days: number, status = 'sent'): Promise<number> {
  const [row] = await app
    .knex('emails')
    .insert({
      kind: 'contact_acknowledgement',
      causeKey: `test:${leadId}:${days}:${Math.random()}`,
      toAddress: 'x@exemple-rare.ch',
      leadId,
      status,
      subject: 'Sujet',
      textBody: 'Corps texte',
      htmlBody: '<p>Corps</p>',
      data: JSON.stringify({ firstName: 'Ancien' }),
      createdAt: ago(days),
    })
    .returning('id');
  return (row as { id: number }).id;
}

describe('retention', () => {
  it('previews then erases inactive contacts (audited) and empties old e-mail bodies, keeping their metadata', async () => {
    const inactive = await lead('inactif@exemple-rare.ch', 400);
    const recentNote = await lead('note-recente@exemple-rare.ch', 400);
    await app.knex('activities').insert({ leadId: recentNote, type: 'note', title: 'Appel', status: 'completed', createdAt: ago(10), updatedAt: ago(10) });
    const subscribed = await lead('abonne@exemple-rare.ch', 400, { newsletterStatus: 'subscribed' });
    // A call booked long ago for a date still to come keeps its contact; one held long ago does not.
    const hostId = (await app.knex('users').orderBy('id').first()).id;
    const booking = (leadId: number, uid: string, startDays: number) => {
      const start = new Date(Date.now() + startDays * 86_400_000);
      const end = new Date(start.getTime() + 30 * 60_000);
      return { uid, leadId, hostId, startAt: start, endAt: end, blocked: app.knex.raw('tstzrange(?, ?)', [start.toISOString(), end.toISOString()]), mode: 'video', createdAt: ago(400) };
    };
    const callToCome = await lead('appel-a-venir@exemple-rare.ch', 400);
    await app.knex('bookings').insert(booking(callToCome, 'retention-a-venir', 3));
    const oldCall = await lead('appel-ancien@exemple-rare.ch', 400);
    await app.knex('bookings').insert({ ...booking(oldCall, 'retention-ancien', -390), status: 'held' });
    const recent = await lead('recent@exemple-rare.ch', 5);
    const oldBody = await email(recent, 40);
    const queued = await email(recent, 40, 'queued');
    const freshBody = await email(recent, 2);

    const preview = await admin.get('/api/admin/retention');
    expect(preview.status).toBe(200);
    expect(Object.keys(preview.body).sort()).toEqual(['emailBodiesToEmpty', 'leadsToErase', 'nextRunAt']);
    expect(preview.body.leadsToErase).toBe(2);
    expect(preview.body.emailBodiesToEmpty).toBe(1);
    const next = new Date(preview.body.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('lundi 03:15');
    expect((await app.client().get('/api/admin/retention')).status).toBe(401);

    expect(await runRetention(app.knex, app.config.retention)).toEqual({ leadsErased: 2, emailBodiesEmptied: 1, accountingRecordsDestroyed: 0 });
    for (const id of [inactive, oldCall]) expect(await app.knex('leads').where({ id }).first()).toBeUndefined();
    expect(await app.knex('bookings').where({ leadId: oldCall }).first()).toBeUndefined();
    for (const id of [recentNote, subscribed, recent, callToCome]) expect(await app.knex('leads').where({ id }).first()).toBeDefined();
    const audits = await app.knex('auditEvents').where({ type: 'lead_erased' }).orderBy('id', 'desc').limit(2);
    expect(audits.map((audit: { details: unknown }) => audit.details)).toEqual([
      { leadId: oldCall, reason: 'retention' },
      { leadId: inactive, reason: 'retention' },
    ]);

    const emptied = await app.knex('emails').where({ id: oldBody }).first();
    expect(emptied).toMatchObject({ textBody: null, htmlBody: null, data: {}, kind: 'contact_acknowledgement', status: 'sent', leadId: recent });
    for (const id of [queued, freshBody]) expect((await app.knex('emails').where({ id }).first()).textBody).toBe('Corps texte');
    expect(await admin.get('/api/admin/retention').then((response) => response.body.leadsToErase)).toBe(0);
  });

  it('is scheduled weekly with pg-boss', async () => {
    const { rows } = await app.knex.raw(`select cron, options from pgboss.schedule where name = 'retention'`);
    expect(rows[0].cron).toBe('15 3 * * 1');
  });

  it('reads RETENTION_MONTHS and EMAIL_BODY_RETENTION_DAYS, defaults 24 and 90, refusing nonsense', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: app.config.dataDir };
    expect(loadConfig(base).retention).toEqual({ months: 24, emailBodyDays: 90 });
    expect(() => loadConfig({ ...base, RETENTION_MONTHS: 'deux ans' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, EMAIL_BODY_RETENTION_DAYS: '0' })).toThrow(/EMAIL_BODY_RETENTION_DAYS/);
  });
});
