/**
 * The public webinar pages say when the next session is, filled by the server into the
 * built page (decision 052): precompressed bytes, an ETag per content, changes shown at once by this
 * instance and within the cache's lifetime when made elsewhere (here: straight in the database).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';
import { waitUntil } from '../../support/smtp-sink.ts';
import { writeSiteFixture } from '../site-fixture.ts';
import { NEXT_SESSION_TTL_MS } from '../../../api/features/webinars/sessions/next-session.ts';

let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ SITE_DIST_DIR: writeSiteFixture() });
  admin = await app.signIn();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.emptyTables('webinars', 'leads');
});

async function createWebinar(fields: Record<string, unknown> = {}) {
  const response = await admin.post('/api/admin/webinars', { title: 'Le bonheur des dirigeants', description: 'Gratuit.', datetime: '2036-11-27T17:00:00.000Z', maxAttendees: 100, ...fields });
  expect(response.status).toBe(201);
  return response.body as { id: number };
}

/** The slot's text, spaces normalised (the site's typography uses no-break spaces). */
function slotText(html: string): string {
  const slot = html.match(/<div[^>]*data-next-session[^>]*>([\s\S]*?)<\/div>/)![1]!;
  return slot
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const page = (headers: Record<string, string> = {}) => app.client().get('/webinaire/', { headers });

describe('next-session slot', () => {
  it('says a session will be announced when none is planned, and the date once one is', async () => {
    const none = await page();
    expect(none.status).toBe(200);
    expect(slotText(none.text)).toBe('La prochaine session sera bientôt annoncée.');

    await createWebinar();
    const planned = await page();
    expect(slotText(planned.text)).toBe('Prochaine session : jeudi 27 novembre 2036 à 18 h 00 (heure suisse)');
    expect(planned.headers.get('etag')).not.toBe(none.headers.get('etag'));
    expect(planned.headers.get('cache-control')).toBe('no-cache');
  });

  it('counts down the last seats and says when the session is full', async () => {
    await createWebinar({ maxAttendees: 12 });
    expect(slotText((await page()).text)).not.toMatch(/places/);
    for (let index = 0; index < 3; index += 1) await app.client().post('/api/leads', { firstName: 'Léa', email: `lea${index}@example.ch`, type: 'webinar' });
    expect(slotText((await page()).text)).toMatch(/Plus que 9 places$/);
    await app.knex('webinars').update({ maxAttendees: 4 });
    await app.client().post('/api/leads', { firstName: 'Marc', email: 'marc@example.ch', type: 'webinar' });
    expect(slotText((await page()).text)).toMatch(/Complet : inscrivez-vous sur la liste d'attente$/);
  });

  it('serves the filled page precompressed, with an ETag that changes with the content and 304 while it does not', async () => {
    await createWebinar();
    const identity = await page({ 'accept-encoding': 'identity' });
    const brotli = await app.client().request('GET', '/webinaire/', { headers: { 'accept-encoding': 'br' } });
    // fetch decompresses transparently; the encoding header says what travelled.
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.text).toBe(identity.text);
    expect(brotli.headers.get('etag')).toBe(identity.headers.get('etag'));
    const gzip = await app.client().request('GET', '/webinaire/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.text).toBe(identity.text);

    const etag = identity.headers.get('etag')!;
    // fetch adds `Cache-Control: no-cache` to a conditional request unless told otherwise; a browser revalidating does not.
    const conditional = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    expect((await page(conditional)).status).toBe(304);
    await admin.post('/api/admin/webinars', { title: 'Plus tôt', description: 'Gratuit.', datetime: '2036-11-26T17:00:00.000Z' });
    const moved = await page(conditional);
    expect(moved.status).toBe(200);
    expect(slotText(moved.text)).toMatch(/mercredi 26 novembre 2036/);
  });

  it('sends brotli to a browser, which lists gzip first (every browser does), and gzip to a client without brotli', async () => {
    await createWebinar();
    const browser = 'gzip, deflate, br, zstd';
    // The filled page (next-session slot) and a page served from the build's precompressed siblings.
    for (const pathname of ['/webinaire/', '/']) {
      const identity = await app.client().get(pathname, { headers: { 'accept-encoding': 'identity' } });
      expect(identity.headers.get('content-encoding'), pathname).toBeNull();
      const fromBrowser = await app.client().get(pathname, { headers: { 'accept-encoding': browser } });
      expect(fromBrowser.headers.get('content-encoding'), pathname).toBe('br');
      expect(fromBrowser.text).toBe(identity.text);
      const noBrotli = await app.client().get(pathname, { headers: { 'accept-encoding': 'gzip, deflate, br;q=0' } });
      expect(noBrotli.headers.get('content-encoding'), pathname).toBe('gzip');
      expect(noBrotli.text).toBe(identity.text);
    }
  });

  it('shows a change made by another instance (straight in the database) once its short cache expires', async () => {
    expect(NEXT_SESSION_TTL_MS).toBeLessThanOrEqual(5_000);
    const webinar = await createWebinar();
    expect(slotText((await page()).text)).toMatch(/jeudi 27 novembre 2036/);
    await app
      .knex('webinars')
      .where({ id: webinar.id })
      .update({ datetime: new Date('2036-11-28T17:00:00.000Z') });
    await waitUntil(async () => /vendredi 28 novembre 2036/.test(slotText((await page()).text)), 20_000, 'the moved session on the page');
  });

  it('leaves pages without the slot as they were built', async () => {
    const home = await app.client().get('/', { headers: { 'accept-encoding': 'br' } });
    expect(home.text).toContain('Accueil');
    expect(home.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });
});
