/**
 * A tiny built site (what `astro build` + precompression write to dist/) for API tests of the slots the
 * server fills: the webinar page with its next-session slot (and its .br/.gz siblings), and the
 * registration link pages with their hidden fields. The markup is the components' own (WebinarSignupCard,
 * site/pages/annulation, site/pages/inscription-webinaire, site/pages/relances-webinaire); the e2e journeys check the real build.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const SLOT_PAGE = `<!doctype html><html lang="fr"><head><title>Webinaire</title></head><body>
<h2>Réservez votre place</h2>
<div class="mt-3" data-next-session><span data-next-session-date>La prochaine session sera bientôt annoncée.</span></div>
<form method="post" action="/api/leads"></form>
</body></html>`;

export const BOOKING_PAGE = `<!doctype html><html lang="fr"><body>
<h1 data-booking-only="book" class="mt-3">Réservez votre appel découverte</h1>
<h1 data-booking-only="reschedule" hidden class="mt-3">Déplacer votre appel découverte</h1>
<p data-booking-only="reschedule" hidden class="mt-5">Choisissez un autre moment. <strong data-booking-current class="font-semibold"></strong></p>
<div id="reservation"><p class="mb-6" role="alert" data-server-message hidden><span data-server-message-text></span></p>
<form method="post" action="/api/bookings" data-booking-form class="relative"><div data-booking-slots></div>
<div data-booking-only="reschedule" hidden><input type="hidden" name="booking" data-query-field="booking"><input type="hidden" name="token" data-query-field="token"></div>
<fieldset data-booking-only="book" class="mt-10"><legend>Vos coordonnées</legend>
<input type="hidden" name="lead" data-prefill="lead"><input type="hidden" name="leadToken" data-prefill="leadToken"><input type="hidden" name="idempotencyKey" data-prefill="idempotencyKey">
<div class="grid"><div><label for="f">Prénom</label><input id="f" name="firstName" required data-prefill="firstName" class="x"></div>
<div><label for="l">Nom</label><input id="l" name="lastName" required data-prefill="lastName" class="x"></div>
<div><label for="e">E-mail</label><input id="e" name="email" type="email" required data-prefill="email" class="x"></div>
<div data-booking-only="phone-optional" class="col"><label for="p">Téléphone (optionnel)</label><input id="p" name="phone" type="tel"></div>
<div data-booking-only="phone-required" hidden class="col"><label for="pr">Téléphone</label><input id="pr" name="phone" type="tel" required></div>
<div><label for="m">Ce que vous aimeriez aborder</label><textarea id="m" name="message"></textarea></div></div>
<div aria-hidden="true"><input name="website" value=""></div></fieldset>
<button type="submit"><span data-booking-only="book">Confirmer le rendez-vous</span><span data-booking-only="reschedule" hidden>Déplacer le rendez-vous</span></button>
<p data-booking-only="book">Vos données… <a href="/confidentialite">Politique de confidentialité</a></p>
</form></div></body></html>`;

const pages: Record<string, string> = {
  'webinaire/index.html': SLOT_PAGE,
  'index.html': '<!doctype html><html lang="fr"><body><p>Accueil</p></body></html>',
  'annulation/index.html': `<!doctype html><html lang="fr"><body><form method="post" action="/api/registrations/cancel">
<input type="hidden" name="registration" data-query-field="registration"><input type="hidden" name="token" data-query-field="token">
<button type="submit">Annuler mon inscription</button></form></body></html>`,
  'inscription-webinaire/index.html': `<!doctype html><html lang="fr"><body><form method="post" action="/api/registrations/join">
<input type="hidden" name="webinar" data-query-field="webinar"><input type="hidden" name="lead" data-query-field="lead">
<input type="hidden" name="token" data-query-field="token"><button type="submit">Je réserve ma place</button></form></body></html>`,
  'relances-webinaire/desinscription/index.html': `<!doctype html><html lang="fr"><body><h1>Ne plus recevoir nos invitations</h1>
<form method="post"><button type="submit">Me désinscrire</button></form></body></html>`,
  'relances-webinaire/resultat/index.html': `<!doctype html><html lang="fr"><body><h1>Vos préférences</h1>
<p data-server-message hidden><span data-server-message-text></span></p></body></html>`,
  // The booking page's places the server fills (site/pages/rendez-vous/index.astro, api/features/booking/pages/page.ts).
  'rendez-vous/index.html': BOOKING_PAGE,
  'rendez-vous/confirme/index.html': `<!doctype html><html lang="fr"><body><h1>C'est noté !</h1>
<p data-server-message hidden><span data-server-message-text></span></p></body></html>`,
};

/** Writes the fixture site and returns its folder (for SITE_DIST_DIR). */
export function writeSiteFixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'innercircle-site-'));
  for (const [name, html] of Object.entries(pages)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html));
  }
  return root;
}
