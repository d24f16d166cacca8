/**
 * The funnel from visit to discovery call and the funnel per origin (decision 116) on a known data set:
 * each step after visitors equals a direct count of its rows, the filters by channel and campaign, the
 * calls' steps absent while no call can be booked, the visits report's contacts per first touch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByStatus, startTestAppWithUsers, type TestApp, type TestClient } from './harness.ts';
import { swissDay } from '../../api/features/attribution/index.ts';

let app: TestApp;
let admin: TestClient;
let member: TestClient;
let adminId: number;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const LINKEDIN = { firstTouchChannel: 'social', firstTouchSource: 'linkedin', firstTouchMedium: 'social', firstTouchCampaign: 'printemps' };
const GOOGLE = { firstTouchChannel: 'search', firstTouchSource: 'google', firstTouchReferrer: 'google.ch' };

async function lead(email: string, createdAt: Date, touch: Record<string, string> | null, fields: Record<string, unknown> = {}): Promise<number> {
  const at = touch ? { ...touch, firstTouchLandingPage: '/', firstTouchAt: createdAt } : {};
  const [row] = await app
    .knex('leads')
    .insert({ firstName: 'Test', email, createdAt, ...at, ...fields })
    .returning('id');
  return row.id;
}

async function booking(leadId: number, status: string, start: Date): Promise<void> {
  const end = new Date(start.getTime() + 30 * 60_000);
  await app.knex('bookings').insert({
    uid: `${leadId}-${status}@localhost`,
    leadId,
    hostId: adminId,
    startAt: start,
    endAt: end,
    blocked: app.knex.raw('tstzrange(?, ?)', [start.toISOString(), end.toISOString()]),
    status,
    mode: 'video',
    cancelledAt: status === 'cancelled' ? new Date() : null,
  });
}

/** The steps of an answer as `{ key: count }`. */
const counts = (body: { steps: { key: string; count: number }[] }) => Object.fromEntries(body.steps.map((step) => [step.key, step.count]));

/**
 * The same figures counted directly from their rows, independently of the funnel's SQL: the contacts
 * created since the period's first Swiss day, then those of them with the rows of each step.
 */
async function directCounts(days: number, where: Record<string, string> = {}) {
  const start = app.knex.raw(`((now() at time zone 'Europe/Zurich')::date - ?::int)::timestamp at time zone 'Europe/Zurich'`, [days - 1]);
  const contacts = () => app.knex('leads').where('createdAt', '>=', start).where(where);
  const ids = async (query: ReturnType<typeof contacts>) => ((await query.select('id')) as { id: number }[]).map((row) => row.id);
  const all = await ids(contacts());
  const having = async (table: string, status?: string) => {
    const rows = (await app
      .knex(table)
      .whereIn('leadId', all)
      .where(status ? { status } : {})
      .select('leadId')) as { leadId: number }[];
    return new Set(rows.map((row) => row.leadId)).size;
  };
  return {
    contacts: all.length,
    signUps: await having('webinarRegistrations'),
    present: await having('webinarRegistrations', 'attended'),
    callsBooked: await having('bookings'),
    callsHeld: await having('bookings', 'held'),
    qualified: (await ids(contacts().where({ status: 'qualified' }))).length,
    offersSent: await havingOffer(all, 'sentAt'),
    offersAccepted: await havingOffer(all, 'acceptedAt'),
    clients: (await ids(contacts().where({ isClient: true }))).length,
  };
}

/** How many of these contacts have an offer with this moment set (sent, accepted). */
async function havingOffer(leadIds: number[], moment: 'sentAt' | 'acceptedAt'): Promise<number> {
  const rows = (await app.knex('offers').whereIn('leadId', leadIds).whereNotNull(moment).select('leadId')) as { leadId: number }[];
  return new Set(rows.map((row) => row.leadId)).size;
}

/** An offer in the state the sale's steps count: a draft (never sent), sent, or accepted. */
async function offer(leadId: number, state: 'draft' | 'sent' | 'accepted') {
  const sent = state === 'draft' ? {} : { sentAt: ago(1), contentHash: 'hash' };
  const accepted =
    state === 'accepted'
      ? { acceptedAt: ago(0), acceptedContentHash: 'hash', billingName: 'Léa', billingStreet: 'Rue du Lac', billingPostalCode: '1003', billingTown: 'Lausanne', billingCountry: 'CH' }
      : {};
  await app.knex('offers').insert({
    leadId,
    status: state,
    lines: JSON.stringify([{ label: 'Programme', quantity: 1, unitPriceCents: 100_000 }]),
    startDate: '2027-04-01',
    validUntil: '2999-03-15',
    netCents: 100_000,
    vatCents: 8_100,
    totalCents: 108_100,
    vatRateBasisPoints: 810,
    ...sent,
    ...accepted,
  });
}

beforeAll(async () => {
  ({ app, admin, member, adminId } = await startTestAppWithUsers());
  const today = swissDay(new Date());
  const longAgo = swissDay(ago(40));
  const row = { device: 'desktop', medium: '', referrer: '', campaign: '', source: '' };
  await app.knex('visitDailyCounts').insert([
    { ...row, day: today, path: '/', channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', visits: 14, visitors: 10, entries: 10 },
    { ...row, day: today, path: '/webinaire', channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', visits: 6, visitors: 5, entries: 0 },
    { ...row, day: swissDay(ago(3)), path: '/', channel: 'search', source: 'google', referrer: 'google.ch', visits: 6, visitors: 5, entries: 5 },
    { ...row, day: longAgo, path: '/', channel: 'direct', visits: 9, visitors: 7, entries: 7 },
  ]);
  const [webinar] = await app
    .knex('webinars')
    .insert({ title: 'Session', datetime: ago(2) })
    .returning('id');
  // In the 30 days: three from LinkedIn's « printemps » campaign, one from Google, one added by hand.
  const l1 = await lead('l1@example.ch', ago(1), LINKEDIN, { status: 'qualified', type: 'webinar' });
  const l2 = await lead('l2@example.ch', ago(2), LINKEDIN, { type: 'webinar' });
  const l3 = await lead('l3@example.ch', ago(2), LINKEDIN, { type: 'webinar' });
  const g1 = await lead('g1@example.ch', ago(3), GOOGLE, { status: 'qualified' });
  const m1 = await lead('m1@example.ch', ago(5), null, { type: 'webinar' });
  // In the 90 days only: one from LinkedIn, present and qualified.
  const old = await lead('old@example.ch', ago(60), LINKEDIN, { status: 'qualified', type: 'webinar' });
  // Before the 12 months: never counted.
  await lead('ancient@example.ch', ago(400), LINKEDIN, { status: 'qualified' });
  await registerByStatus(app, webinar.id, { attended: [l1, m1, old], waitlisted: [l2], 'no-show': [l3] });
  // The sale's steps: l1 was sent an offer and accepted it, g1 was sent one, m1 has a draft only (not sent).
  await offer(l1, 'accepted');
  await offer(g1, 'sent');
  await offer(m1, 'draft');
  Object.assign(seeded, { l1, l3, g1, old });
});
afterAll(() => app.close());
const seeded = { l1: 0, l3: 0, g1: 0, old: 0 };

describe('GET /api/admin/analytics/funnel', () => {
  it('answers 401 signed out, lets a viewer read, and refuses a wrong period or channel in French', async () => {
    expect((await app.client().get('/api/admin/analytics/funnel')).status).toBe(401);
    expect((await app.client().get('/api/admin/analytics/sources')).status).toBe(401);
    expect((await member.get('/api/admin/analytics/funnel')).status).toBe(200);
    const period = await admin.get('/api/admin/analytics/funnel', { query: { period: '7d' } });
    expect(period.status).toBe(400);
    expect(period.body.errors[0]).toEqual({ path: 'period', message: "La période doit être l'une des valeurs suivantes : 30 jours, 90 jours, 12 mois." });
    const channel = await admin.get('/api/admin/analytics/funnel', { query: { channel: 'tv' } });
    expect(channel.status).toBe(400);
    expect(channel.body.errors[0]).toEqual({
      path: 'channel',
      message: "Le canal doit être l'une des valeurs suivantes : Recherche, Réseaux sociaux, E-mail, Sites référents, Direct.",
    });
    const campaign = await admin.get('/api/admin/analytics/sources', { query: { campaign: 'x'.repeat(101) } });
    expect(campaign.status).toBe(400);
    expect(campaign.body.errors[0].message).toBe('La campagne ne doit pas dépasser 100 caractères.');
  });

  it('leaves the calls’ steps out, not at zero, while nobody hosts a call and none was ever booked', async () => {
    const response = await admin.get('/api/admin/analytics/funnel?period=30d');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      steps: [
        { key: 'visitors', label: 'Visiteurs (somme des visiteurs quotidiens)', count: 15 },
        { key: 'contacts', label: 'Contacts', count: 5 },
        { key: 'signUps', label: 'Inscrits à un webinaire', count: 4 },
        { key: 'present', label: 'Présents', count: 2 },
        { key: 'qualified', label: 'Qualifiés', count: 2 },
        { key: 'offersSent', label: 'Offres envoyées', count: 2 },
        { key: 'offersAccepted', label: 'Offres acceptées', count: 1 },
        { key: 'clients', label: 'Clients', count: 0 },
      ],
    });
    const sources = await admin.get('/api/admin/analytics/sources?period=30d');
    expect(sources.body.sources.every((row: { callsBooked: number | null }) => row.callsBooked === null)).toBe(true);
  });

  it('counts every step after visitors exactly as its rows, for each period, once calls can be booked', async () => {
    await app.knex('booking_hosts').insert({ userId: adminId, isHost: true, calendarToken: 'token-funnel' });
    await booking(seeded.l1, 'held', ago(1));
    await booking(seeded.l3, 'cancelled', ago(-2));
    await booking(seeded.g1, 'confirmed', ago(-3));
    await booking(seeded.old, 'held', ago(50));

    const month = await admin.get('/api/admin/analytics/funnel?period=30d');
    expect(month.body.steps.map((step: { key: string }) => step.key)).toEqual([
      'visitors',
      'contacts',
      'signUps',
      'present',
      'callsBooked',
      'callsHeld',
      'qualified',
      'offersSent',
      'offersAccepted',
      'clients',
    ]);
    expect(month.body.steps[4].label).toBe('Appels découverte réservés');
    expect(month.body.steps[5].label).toBe('Appels effectués');
    expect(counts(month.body)).toEqual({ visitors: 15, contacts: 5, signUps: 4, present: 2, callsBooked: 3, callsHeld: 1, qualified: 2, offersSent: 2, offersAccepted: 1, clients: 0 });
    const { visitors: _month, ...monthSteps } = counts(month.body);
    expect(monthSteps).toEqual(await directCounts(30));

    const quarter = await admin.get('/api/admin/analytics/funnel?period=90d');
    expect(counts(quarter.body)).toEqual({ visitors: 22, contacts: 6, signUps: 5, present: 3, callsBooked: 4, callsHeld: 2, qualified: 3, offersSent: 2, offersAccepted: 1, clients: 0 });
    const { visitors: _quarter, ...quarterSteps } = counts(quarter.body);
    expect(quarterSteps).toEqual(await directCounts(90));

    const year = await admin.get('/api/admin/analytics/funnel?period=12m');
    expect(counts(year.body).contacts).toBe(6);
  });

  it('filters visitors by their source and contacts by their first touch: a channel, a campaign', async () => {
    const social = counts((await admin.get('/api/admin/analytics/funnel', { query: { period: '30d', channel: 'social' } })).body);
    expect(social).toEqual({ visitors: 10, contacts: 3, signUps: 3, present: 1, callsBooked: 2, callsHeld: 1, qualified: 1, offersSent: 1, offersAccepted: 1, clients: 0 });
    const { visitors: _social, ...socialSteps } = social;
    expect(socialSteps).toEqual(await directCounts(30, { firstTouchChannel: 'social' }));

    const spring = counts((await admin.get('/api/admin/analytics/funnel', { query: { period: '90d', campaign: 'printemps' } })).body);
    expect(spring).toEqual({ visitors: 10, contacts: 4, signUps: 4, present: 2, callsBooked: 3, callsHeld: 2, qualified: 2, offersSent: 1, offersAccepted: 1, clients: 0 });
    const { visitors: _spring, ...springSteps } = spring;
    expect(springSteps).toEqual(await directCounts(90, { firstTouchCampaign: 'printemps' }));

    const none = counts((await admin.get('/api/admin/analytics/funnel', { query: { channel: 'email', campaign: 'printemps' } })).body);
    expect(none).toEqual({ visitors: 0, contacts: 0, signUps: 0, present: 0, callsBooked: 0, callsHeld: 0, qualified: 0, offersSent: 0, offersAccepted: 0, clients: 0 });
  });
});

describe('GET /api/admin/analytics/sources', () => {
  it('gives each origin its visitors, contacts, sign-ups, calls, qualified and conversion rate; unknown origins last', async () => {
    const response = await member.get('/api/admin/analytics/sources?period=30d');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      sources: [
        { channel: 'social', source: 'linkedin', campaign: 'printemps', visitors: 10, contacts: 3, signUps: 3, callsBooked: 2, qualified: 1, conversionRate: 30 },
        { channel: 'search', source: 'google', campaign: null, visitors: 5, contacts: 1, signUps: 0, callsBooked: 1, qualified: 1, conversionRate: 20 },
        { channel: null, source: null, campaign: null, visitors: 0, contacts: 1, signUps: 1, callsBooked: 0, qualified: 0, conversionRate: null },
      ],
    });
    const quarter = await admin.get('/api/admin/analytics/sources', { query: { period: '90d', channel: 'direct' } });
    expect(quarter.body.sources).toEqual([{ channel: 'direct', source: null, campaign: null, visitors: 7, contacts: 0, signUps: 0, callsBooked: 0, qualified: 0, conversionRate: 0 }]);
  });
});

describe('GET /api/admin/analytics/visits', () => {
  it('has exactly the days, sources and pages, each source with its contacts by first touch', async () => {
    const response = await admin.get('/api/admin/analytics/visits?period=30d');
    expect(Object.keys(response.body).sort()).toEqual(['days', 'pages', 'sources']);
    expect(Object.keys(response.body.days[0]).sort()).toEqual(['date', 'visitors', 'visits']);
    expect(Object.keys(response.body.pages[0]).sort()).toEqual(['path', 'visitors', 'visits']);
    expect(response.body.sources).toEqual([
      { channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', visits: 20, visitors: 10, contacts: 3 },
      { channel: 'search', source: 'google', medium: null, campaign: null, visits: 6, visitors: 5, contacts: 1 },
    ]);
  });
});
