/**
 * The newsletter's public archive (api/features/newsletters/archive-pages.ts, decision 114): /newsletter/ lists
 * only the sent issues chosen for the archive, newest first; /newsletter/<slug>/ shows one in the site's
 * page, its Markdown rendered and its blocks without any personal link; any other slug is the not-found
 * page with status 404; the sitemap lists the published issues. The built pages are a small fixture with
 * the markers of site/pages/newsletter/index.astro and numero.astro (the e2e journey checks the real build).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { frenchLongDate } from '../../api/platform/lib/french-dates.ts';

const HEAD = (title: string, canonical: string) =>
  `<head><title>${title}</title><meta name="description" content="Archives"><link rel="canonical" href="https://innercircle.example.ch${canonical}">` +
  `<meta property="og:title" content="${title}"><meta property="og:description" content="Archives"><meta property="og:url" content="https://innercircle.example.ch${canonical}"></head>`;

const PAGES: Record<string, string> = {
  'newsletter/index.html': `<!doctype html><html lang="fr">${HEAD('Archives de la newsletter', '/newsletter/')}<body><h1>Les archives de la newsletter</h1><div class="mt-10" data-archive-list></div><form id="archive-signup"></form></body></html>`,
  'newsletter/numero/index.html': `<!doctype html><html lang="fr">${HEAD('Archives de la newsletter', '/newsletter/numero/')}<body><article><a href="/newsletter/">Toutes les newsletters</a><h1 class="mt-3" data-archive-title></h1><p class="mt-4" data-archive-date></p><div class="archive-body" data-archive-body></div><form id="archive-signup"></form></article></body></html>`,
  'newsletter/merci/index.html': '<!doctype html><html lang="fr"><body><h1>Merci</h1></body></html>',
  '404.html': '<!doctype html><html lang="fr"><body><h1>Page introuvable</h1></body></html>',
  'sitemap-0.xml':
    '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://innercircle.example.ch/innercircle/</loc></url><url><loc>https://innercircle.example.ch/newsletter/</loc></url></urlset>',
};

function writeArchiveSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'innercircle-archive-'));
  for (const [name, content] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

let app: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ SITE_DIST_DIR: writeArchiveSite() });
});
afterAll(() => app.close());

const BODY = [
  '## La cohérence cardiaque',
  '',
  'Trois fois par jour, **six respirations** par minute. [En savoir plus](https://example.org/coherence).',
  '',
  '{{prochains-webinaires}}',
  '',
  '<script>alert(1)</script><img src="https://tracker.example.net/pixel.gif">',
  '',
  '{{appel-decouverte}}',
].join('\n');

interface IssueRow {
  subject: string;
  slug: string | null;
  status: string;
  archive: boolean;
  sentAt?: Date | null;
  body?: string;
  preheader?: string;
}

async function insertIssue(row: IssueRow): Promise<number> {
  const started = row.status === 'draft' || row.status === 'scheduled' ? null : new Date(Date.now() - 10 * DAY);
  const [created] = await app
    .knex('newsletters')
    .insert({
      subject: row.subject,
      preheader: row.preheader ?? '',
      body: row.body ?? BODY,
      slug: row.slug,
      status: row.status,
      archive: row.archive,
      startedAt: started,
      sentAt: row.sentAt ?? null,
      scheduledAt: row.status === 'scheduled' ? new Date(Date.now() + DAY) : null,
    })
    .returning('id');
  return created.id;
}

const lea = { firstName: 'Léa', lastName: 'Favre', email: 'lea.favre@example.ch' };
const marchSent = new Date(Date.now() - 40 * DAY);
const aprilSent = new Date(Date.now() - 5 * DAY);

beforeEach(async () => {
  await app.emptyTables('emails', 'newsletters', 'webinar_registrations', 'webinars', 'leads');
  // A subscriber who got the issues, and a session to come: neither may leak a personal link into the page.
  const [lead] = await app
    .knex('leads')
    .insert({ ...lea, newsletterStatus: 'subscribed' })
    .returning('id');
  await app.knex('webinars').insert({ title: 'Mieux dormir', description: 'D', datetime: new Date(Date.now() + 7 * DAY), maxAttendees: 30, isActive: true });
  const first = await insertIssue({ subject: 'Respirer en mars', slug: 'respirer-en-mars', status: 'sent', archive: true, sentAt: marchSent });
  await insertIssue({ subject: 'Dormir en avril', slug: 'dormir-en-avril', status: 'sent', archive: true, sentAt: aprilSent, preheader: 'Le sommeil, simplement' });
  await insertIssue({ subject: 'Numéro privé', slug: 'numero-prive', status: 'sent', archive: false, sentAt: aprilSent });
  await insertIssue({ subject: 'Brouillon publiable', slug: 'brouillon-publiable', status: 'draft', archive: true });
  // Paused rather than sending: the app's dispatcher finishes an issue with nothing queued, as it should.
  await insertIssue({ subject: 'Envoi en pause', slug: 'envoi-en-pause', status: 'paused', archive: true });
  await insertIssue({ subject: 'Numéro annulé', slug: 'numero-annule', status: 'cancelled', archive: true });
  await app.knex('emails').insert({
    kind: 'newsletter_issue',
    toAddress: lea.email,
    leadId: lead.id,
    newsletterId: first,
    subject: 'Respirer en mars',
    status: 'sent',
    causeKey: `newsletter:${first}:${lead.id}`,
  });
});

/** The text of an HTML fragment, entities and spaces normalised (the pages use no-break spaces). */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

describe('the list /newsletter/', () => {
  it('shows the sent issues chosen for the archive, newest first, with their French date, and nothing else', async () => {
    const response = await app.client().get('/newsletter/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const items = [...response.text.matchAll(/<li\b[^>]*>[\s\S]*?<a href="([^"]+)"[^>]*>([^<]+)<\/a>[\s\S]*?<time[^>]*>([^<]+)<\/time>[\s\S]*?<\/li>/g)];
    expect(items.map((item) => [item[1], item[2]])).toEqual([
      ['/newsletter/dormir-en-avril/', 'Dormir en avril'],
      ['/newsletter/respirer-en-mars/', 'Respirer en mars'],
    ]);
    expect(text(items[0]![3]!)).toBe(text(`Envoyée le ${frenchLongDate(aprilSent)}`));
    for (const hidden of ['Numéro privé', 'Brouillon publiable', 'Envoi en pause', 'Numéro annulé']) expect(response.text).not.toContain(hidden);
    // The page's own form is still there, under the list.
    expect(response.text).toContain('id="archive-signup"');
  });

  it('says so when nothing is published yet', async () => {
    await app.knex('newsletters').update({ archive: false });
    const response = await app.client().get('/newsletter/');
    expect(response.status).toBe(200);
    expect(text(response.text)).toContain("Aucun numéro n'a encore été publié");
    expect(response.text).not.toContain('data-archive-issues');
  });
});

describe('an issue /newsletter/<slug>/', () => {
  it('is a page of the site with the issue, its Markdown sanitised and its blocks for everybody', async () => {
    const response = await app.client().get('/newsletter/dormir-en-avril/');
    expect(response.status).toBe(200);
    const page = response.text;
    expect(page).toContain('<title>Dormir en avril</title>');
    expect(page).toContain('<meta name="description" content="Le sommeil, simplement">');
    expect(page).toContain('<link rel="canonical" href="https://innercircle.example.ch/newsletter/dormir-en-avril/">');
    expect(text(/<h1[^>]*data-archive-title[^>]*>([\s\S]*?)<\/h1>/.exec(page)![1]!)).toBe('Dormir en avril');
    expect(text(/<p[^>]*data-archive-date[^>]*>([\s\S]*?)<\/p>/.exec(page)![1]!)).toBe(text(`Envoyée le ${frenchLongDate(aprilSent)}`));

    const body = /<div class="archive-body" data-archive-body>([\s\S]*?)<\/div><form/.exec(page)![1]!;
    expect(body).toMatch(/<h2[^>]*>La cohérence cardiaque<\/h2>/);
    expect(body).toMatch(/<strong>six respirations<\/strong>/);
    expect(body).toMatch(/<a href="https:\/\/example.org\/coherence"[^>]*>En savoir plus<\/a>/);
    // No script, no raw HTML, no remote content loaded by the page.
    expect(body).not.toMatch(/<script|<img|alert\(1\)/);
    // The webinars block: the session to come, its seats, the public webinar page; the call block: the booking page.
    const webinars = /<section class="archive-block" data-archive-block="webinars">([\s\S]*?)<\/section>/.exec(body)![1]!;
    expect(text(webinars)).toContain('Prochains webinaires');
    expect(text(webinars)).toContain('Mieux dormir');
    expect(text(webinars)).toContain('30 places restantes');
    expect(webinars).toContain('href="/webinaire/"');
    const call = /<section class="archive-block" data-archive-block="booking">([\s\S]*?)<\/section>/.exec(body)![1]!;
    expect(text(call)).toContain('Réserver un appel découverte');
    expect(call).toContain('href="/rendez-vous/"');
  });

  it('holds no personal data: no name, address, token, contact id or e-mail tracking parameter', async () => {
    const page = (await app.client().get('/newsletter/respirer-en-mars/')).text;
    for (const personal of [lea.email, lea.firstName, lea.lastName]) expect(page).not.toContain(personal);
    expect(page).not.toMatch(/token|[?&]lead=|sig=|utm_|unsubscribe|desinscription/i);
    // Every link of the body is a public address.
    const links = [...page.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links.every((href) => !href!.includes('?'))).toBe(true);
  });

  it('answers the not-found page with 404 for an unknown slug, an issue not published, and the template itself', async () => {
    for (const address of [
      '/newsletter/inconnue/',
      '/newsletter/numero-prive/',
      '/newsletter/brouillon-publiable/',
      '/newsletter/envoi-en-pause/',
      '/newsletter/numero-annule/',
      '/newsletter/numero/',
    ]) {
      const response = await app.client().get(address);
      expect(response.status, address).toBe(404);
      expect(response.text).toContain('Page introuvable');
    }
    // The built pages under /newsletter/ are still themselves.
    const thanks = await app.client().get('/newsletter/merci/');
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain('<h1>Merci</h1>');
  });

  it('answers without the trailing slash too', async () => {
    const response = await app.client().get('/newsletter/respirer-en-mars');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<title>Respirer en mars</title>');
  });
});

describe('the sitemap', () => {
  it('lists each published issue beside the built pages, and no other', async () => {
    const response = await app.client().get('/sitemap-0.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('xml');
    const locations = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      'https://innercircle.example.ch/innercircle/',
      'https://innercircle.example.ch/newsletter/',
      'https://innercircle.example.ch/newsletter/dormir-en-avril/',
      'https://innercircle.example.ch/newsletter/respirer-en-mars/',
    ]);
    expect(response.text).toContain(`<lastmod>${aprilSent.toISOString()}</lastmod>`);
  });

  it('follows the archive choice at once', async () => {
    await app.knex('newsletters').where({ slug: 'respirer-en-mars' }).update({ archive: false });
    const response = await app.client().get('/sitemap-0.xml');
    expect(response.text).not.toContain('respirer-en-mars');
    expect((await app.client().get('/newsletter/respirer-en-mars/')).status).toBe(404);
  });
});
