/**
 * Every public page, as the server sends it, is valid HTML for the W3C Nu HTML Checker (decision
 * 119): the built pages and those the server fills at each visit (the booking page with its
 * free times, in reschedule mode and with a person's link; the manage page of a confirmed and of a
 * cancelled call; the newsletter's archive and one issue; the result pages with their signed
 * messages; the landing page with its next session). Each page is fetched once, all are written to
 * one folder and checked in one run of the checker (it starts a Java VM: one start, not thirty).
 * Every built page must be on the list, so a new page cannot be forgotten.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect, ISSUE_SLUG, SECRET } from './public-pages-server.ts';
import { ROOT } from './server.ts';
import { signMessage } from '../../api/platform/lib/signed-message.ts';
import { bookingPageUrl, manageToken } from '../../api/features/booking/index.ts';
import { offerToken } from '../../api/features/offers/index.ts';

const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build', 'dist', 'vnu.jar');
const DIST = path.join(ROOT, 'dist');

/** `?message=…&sig=…` as the API's form answers write it. */
function signed(message: string, extra: Record<string, string> = {}): string {
  return `?${new URLSearchParams({ ...extra, message, sig: signMessage(SECRET, message) }).toString()}`;
}

function builtPages(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtPages(path.join(dir, entry.name)) : entry.name.endsWith('.html') ? [path.relative(DIST, path.join(dir, entry.name)).split(path.sep).join('/')] : [],
  );
}

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** A link that names no offer of ours: its page says so, with 404. */
const WRONG_OFFER_LINK = '/offre/1.abcdefghijklmnopqrstuvwxyz';
/** The addresses answered with 404 (their page is still checked). */
const NOT_FOUND = new Set(['/cette-page-n-existe-pas', WRONG_OFFER_LINK]);

test('every public page, as served, has no error in the Nu HTML Checker', async ({ request, seeded }) => {
  test.setTimeout(180_000);
  const manage = (id: number) => `?${new URLSearchParams({ booking: String(id), token: manageToken(SECRET, id) }).toString()}`;
  const personLink = new URL(bookingPageUrl('http://localhost', SECRET, seeded.leadId));
  /** Built page → the addresses that serve it (several when the server fills it differently). */
  const pages: Record<string, string[]> = {
    'index.html': ['/'],
    'innercircle/index.html': ['/innercircle/'],
    'webinaire/index.html': ['/webinaire'],
    'innercircle/webinaire/index.html': ['/innercircle/webinaire'],
    '404.html': ['/cette-page-n-existe-pas'],
    'confidentialite/index.html': ['/confidentialite'],
    'mentions-legales/index.html': ['/mentions-legales'],
    'login/index.html': ['/login'],
    'admin/index.html': ['/admin'],
    'merci/index.html': ['/merci/?type=contact', `/merci/${signed('Votre demande est bien arrivée.', { type: 'webinar' })}`],
    'erreur-envoi/index.html': [`/erreur-envoi/${signed("L'adresse e-mail n'est pas valide.", { type: 'contact' })}`],
    'inscription-webinaire/index.html': [`/inscription-webinaire/?lead=${seeded.leadId}&webinar=${seeded.webinarId}&token=abcdefghijklmnop`],
    'annulation/index.html': ['/annulation/?registration=1&token=abcdefghijklmnop'],
    'annulation/resultat/index.html': [`/annulation/resultat/${signed('Votre inscription est annulée.')}`],
    'relances-webinaire/desinscription/index.html': [`/relances-webinaire/desinscription/?lead=${seeded.leadId}&token=abcdefghijklmnop`],
    'relances-webinaire/resultat/index.html': [`/relances-webinaire/resultat/${signed('Vous ne recevrez plus ces e-mails.')}`],
    'rendez-vous/index.html': [
      '/rendez-vous/',
      `/rendez-vous/${personLink.search}`,
      `/rendez-vous/${manage(seeded.bookingId)}`,
      '/rendez-vous/?booking=1&token=abcdefghijklmnopqrstuvwxyz012345',
      `/rendez-vous/${signed("Ce créneau n'est plus disponible.")}`,
    ],
    'rendez-vous/confirme/index.html': [`/rendez-vous/confirme/${signed('Votre appel découverte est réservé le lundi 7 décembre 2026 à 10 h 00 (heure suisse).')}`],
    'rendez-vous/gerer/index.html': [
      `/rendez-vous/gerer/${manage(seeded.bookingId)}`,
      `/rendez-vous/gerer/${manage(seeded.cancelledBookingId)}`,
      '/rendez-vous/gerer/',
      `/rendez-vous/gerer/${manage(seeded.bookingId)}&${signed('Votre rendez-vous est annulé.').slice(1)}`,
    ],
    'newsletter/index.html': ['/newsletter/'],
    'newsletter/numero/index.html': [`/newsletter/${ISSUE_SLUG}/`],
    'newsletter/confirmer/index.html': ['/newsletter/confirmer/?token=abcdefghijklmnop'],
    'newsletter/confirmee/index.html': ['/newsletter/confirmee/'],
    'newsletter/merci/index.html': ['/newsletter/merci/'],
    'newsletter/desinscription/index.html': ['/newsletter/desinscription/?token=abcdefghijklmnop'],
    'newsletter/desinscrit/index.html': ['/newsletter/desinscrit/'],
    'newsletter/lien-invalide/index.html': ['/newsletter/lien-invalide/'],
    // The offer's page, made at each visit: open with its form, with an answer's message, and a wrong link.
    'offre/modele/index.html': [
      `/offre/${offerToken(SECRET, seeded.offerId)}`,
      `/offre/${offerToken(SECRET, seeded.offerId)}${signed('Merci ! Votre acceptation est enregistrée.')}`,
      WRONG_OFFER_LINK,
    ],
  };
  expect(Object.keys(pages).sort(), 'every built page is checked').toEqual(builtPages().sort());

  const folder = mkdtempSync(path.join(tmpdir(), 'innercircle-vnu-'));
  try {
    const files = new Map<string, string>();
    for (const address of Object.values(pages).flat()) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect(response.status(), address).toBe(NOT_FOUND.has(address) ? 404 : 200);
      expect(response.headers()['content-type'], address).toMatch(/^text\/html/);
      const file = path.join(folder, `page-${files.size + 1}.html`);
      writeFileSync(file, await response.body());
      files.set(`file:${file}`, address);
    }
    // What the server filled is there (the check reads the pages a visitor gets, not empty templates).
    const bookingHtml = await (await request.get('/rendez-vous/')).text();
    expect(bookingHtml).toContain('type="radio"');
    expect(await (await request.get('/newsletter/')).text()).toContain(`/newsletter/${ISSUE_SLUG}/`);

    // The fault decision 119 fixed (a script after </html>), checked beside them: proof that the checker reads the files and reports it.
    const sentinel = path.join(folder, 'sentinel.html');
    writeFileSync(sentinel, '<!doctype html><html lang="fr"><head><title>t</title></head><body><p>t</p></body></html><script type="module">1</script>');
    const run = await promisify(execFile)('java', ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', sentinel, ...[...files.keys()].map((url) => url.slice('file:'.length))], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const messages = (JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] }).messages;
    const isError = (message: VnuMessage) => message.type === 'error' || message.subType === 'fatal' || message.type === 'non-document-error';
    expect(messages.filter((message) => message.url === `file:${sentinel}` && isError(message)).map((message) => message.message)).toContain('Stray start tag “script”.');
    const errors = messages
      .filter((message) => message.url !== `file:${sentinel}`)
      .filter(isError)
      .map((message) => `${files.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message} ${message.extract ?? ''}`.trim());
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
