// Visits counted by the server (decision 111): what counts and what does not, unique visitors per day, and where a visit comes from (UTM, referrer, own site).
import { describe, expect, it } from 'vitest';
import { swissDay } from '../../api/features/attribution/index.ts';
import { admin, ANDROID_TABLET, app, BROWSER, counts, GOOGLEBOT, IPAD, IPHONE, setUpVisitsApp, total, viewer, visitor } from './visits-support.ts';

setUpVisitsApp();

describe('what is counted', () => {
  it('counts a GET of each public page answered 200 or 304, by its canonical path', async () => {
    const someone = visitor();
    expect((await someone.get('/')).status).toBe(200);
    expect((await someone.get('/webinaire')).status).toBe(200);
    expect((await someone.get('/webinaire/')).status).toBe(200);
    expect((await someone.get('/mentions-legales/')).status).toBe(200);
    expect((await someone.get('/merci?type=contact')).status).toBe(200);
    const first = await someone.get('/');
    const revalidated = await someone.get('/', { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' });
    expect(revalidated.status).toBe(304);

    const rows = await counts();
    expect(rows.map((row) => [row.path, row.visits, row.visitors])).toEqual([
      ['/', 3, 1],
      ['/mentions-legales', 1, 1],
      ['/merci', 1, 1],
      ['/webinaire', 2, 1],
    ]);
    expect(rows.every((row) => row.day === swissDay(new Date()) && row.channel === 'direct' && row.device === 'desktop')).toBe(true);
    // One visitor for the whole site that day.
    expect(total(rows, 'entries')).toBe(1);
  });

  it('leaves out bots, prefetches, HEAD, the back office, the API, assets, errors and signed-in team members', async () => {
    expect((await visitor(GOOGLEBOT).get('/')).status).toBe(200);
    expect((await visitor('').get('/')).status).toBe(200);
    expect((await visitor().get('/', { 'sec-purpose': 'prefetch' })).status).toBe(200);
    expect((await visitor().get('/', { 'sec-purpose': 'prefetch;prerender' })).status).toBe(200);
    expect((await visitor().get('/', { purpose: 'prefetch' })).status).toBe(200);
    expect((await visitor().head('/')).status).toBe(200);
    expect((await visitor().get('/admin')).status).toBe(200);
    expect((await visitor().get('/admin/contacts')).status).toBe(200);
    expect((await visitor().get('/admin-dev')).status).toBe(200);
    expect((await visitor().get('/login')).status).toBe(200);
    expect((await visitor().get('/api/health')).status).toBe(200);
    expect((await visitor().get('/api/nothing-here')).status).toBe(404);
    expect((await visitor().get('/_astro/app.js')).status).toBe(200);
    expect((await visitor().get('/favicon.svg')).status).toBe(200);
    expect((await visitor().get('/page-qui-n-existe-pas')).status).toBe(404);
    expect((await visitor().get('/404.html')).status).toBe(200);
    for (const member of [admin, viewer]) {
      expect((await member.get('/', { headers: { 'user-agent': BROWSER } })).status).toBe(200);
      expect((await member.get('/webinaire', { headers: { 'user-agent': BROWSER } })).status).toBe(200);
    }
    expect(await counts()).toEqual([]);

    // A session cookie this site did not sign is nobody's session: that visit counts.
    const forged = app.client();
    forged.cookies.set('ic.sid', 'invente');
    forged.cookies.set('ic.sid.sig', 'faux');
    const answer = await forged.get('/', { headers: { 'user-agent': BROWSER, 'x-forwarded-for': '198.51.100.250' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(total(await counts(), 'visits')).toBe(1);
  });

  it('counts the same visitor twice as one visitor and two visits, across writes too', async () => {
    const someone = visitor();
    await someone.get('/');
    await someone.get('/');
    let rows = await counts();
    expect(rows.map((row) => [row.path, row.visits, row.visitors, row.entries])).toEqual([['/', 2, 1, 1]]);

    // The next batch: the database, not the memory, knows this visitor already.
    await someone.get('/');
    await someone.get('/webinaire');
    rows = await counts();
    expect(rows.map((row) => [row.path, row.visits, row.visitors, row.entries])).toEqual([
      ['/', 3, 1, 1],
      ['/webinaire', 1, 1, 0],
    ]);

    // Another browser on the same address is another visitor.
    const { get } = visitor(IPHONE);
    await get('/');
    rows = await counts();
    expect(total(rows, 'entries')).toBe(2);
  });
});

describe('where a visit comes from', () => {
  it('reads UTM parameters, classifies referring domains, and carries the first source to the next pages', async () => {
    const fromLinkedIn = visitor(IPHONE);
    await fromLinkedIn.get('/?utm_source=LinkedIn&utm_medium=social&utm_campaign=printemps');
    // The next page, from a link on the site: still LinkedIn's visit.
    await fromLinkedIn.get('/webinaire', { referer: `${app.url}/?utm_source=LinkedIn` });
    await visitor(IPAD).get('/', { referer: 'https://www.google.ch/' });
    await visitor(ANDROID_TABLET).get('/', { referer: 'https://mail.google.com/mail/u/0/' });
    await visitor().get('/webinaire', { referer: 'https://blog.exemple.org/article' });
    await visitor().get('/', { referer: 'https://lnkd.in/abc' });
    await visitor().get('/?ref=podcast');
    await visitor().get('/?utm_source=emails&utm_medium=email&utm_campaign=webinar_reminder');
    // A page of the site with no earlier source known: direct.
    await visitor().get('/merci', { referer: `${app.url}/` });
    await visitor().get('/mentions-legales');

    const rows = await counts();
    const seen = rows.map((row) => ({ path: row.path, channel: row.channel, source: row.source, medium: row.medium, campaign: row.campaign, referrer: row.referrer, device: row.device }));
    expect(seen).toEqual(
      expect.arrayContaining([
        { path: '/', channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', referrer: '', device: 'mobile' },
        { path: '/webinaire', channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', referrer: '', device: 'mobile' },
        { path: '/', channel: 'search', source: 'google', medium: '', campaign: '', referrer: 'google.ch', device: 'tablet' },
        { path: '/', channel: 'email', source: 'gmail', medium: '', campaign: '', referrer: 'mail.google.com', device: 'tablet' },
        { path: '/webinaire', channel: 'referral', source: 'blog.exemple.org', medium: '', campaign: '', referrer: 'blog.exemple.org', device: 'desktop' },
        { path: '/', channel: 'social', source: 'linkedin', medium: '', campaign: '', referrer: 'lnkd.in', device: 'desktop' },
        { path: '/', channel: 'referral', source: 'podcast', medium: '', campaign: '', referrer: '', device: 'desktop' },
        { path: '/', channel: 'email', source: 'emails', medium: 'email', campaign: 'webinar_reminder', referrer: '', device: 'desktop' },
        { path: '/merci', channel: 'direct', source: '', medium: '', campaign: '', referrer: '', device: 'desktop' },
        { path: '/mentions-legales', channel: 'direct', source: '', medium: '', campaign: '', referrer: '', device: 'desktop' },
      ]),
    );
    expect(rows).toHaveLength(10);
    // The site's own address is never a source.
    expect(rows.some((row) => row.referrer.startsWith('127.0.0.1') || row.source.startsWith('127.0.0.1'))).toBe(false);

    // Kept for 48 hours: each visitor's first source of the day, for a sign-up later that day.
    const first = await app.knex('visitorFirstSources').where({ campaign: 'printemps' });
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ channel: 'social', source: 'linkedin', medium: 'social', landingPage: '/' });
    expect(Number((await app.knex('visitorFirstSources').count({ n: '*' }).first())!.n)).toBe(9);
  });
});
