/**
 * Paramètres → Rendez-vous in the browser: the call's settings (with a refused value in French), the
 * administrator made a host with weekly ranges, a day off and a video link, their own calendar read
 * from a local HTTP server ("Actualiser"), a failing calendar said on the screen and on the dashboard,
 * and the subscription address renewed. Checked with axe; photographed at phone and desktop sizes.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { adminApi, expect, screenshots, seriousViolations, signIn, test, toast } from '../admin-helpers.ts';

const HOST_CALENDAR = readFileSync(path.resolve(import.meta.dirname, '../../support/host-calendar.ics'), 'utf8');

let failing = false;
let server: Server;
let feedUrl: string;

test.beforeAll(async () => {
  server = createServer((_request, response) => {
    if (failing) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Erreur');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(HOST_CALENDAR);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agenda.ics`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('an administrator sets the discovery call, becomes a host with their calendar, and sees a failing calendar said', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await adminApi(request, baseURL!);
  await signIn(page);
  await page.goto('/admin/settings/rendez-vous');
  await expect(page.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link', { name: 'Rendez-vous' })).toHaveAttribute('aria-current', 'page');
  // The sidebar keeps its eight entries.
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link')).toHaveCount(8);

  // The call's settings: a refused value says why, in French, under its field.
  const settings = page.getByRole('region', { name: 'Appel découverte' });
  await settings.getByLabel('Durée (minutes)').fill('5');
  await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(settings.getByText('La durée de l’appel doit être un nombre entier compris entre 15 et 120.')).toBeVisible();
  await settings.getByLabel('Durée (minutes)').fill('45');
  await settings.getByLabel('Marge après (minutes)').fill('15');
  await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(toast(page)).toContainText('Réglages enregistrés');
  const saved = await (await request.get('/api/admin/booking-settings')).json();
  expect(saved).toMatchObject({ durationMinutes: 45, bufferAfterMinutes: 15 });

  // The administrator becomes a host, with the keyboard where it matters.
  const hosts = page.getByRole('region', { name: 'Hôtes' });
  await hosts.getByRole('button', { name: /^Configurer : Camille Rochat/ }).click();
  const editor = page.getByRole('form', { name: 'Disponibilités de Camille Rochat' });
  await editor.getByRole('switch', { name: 'Camille Rochat reçoit des appels découverte' }).focus();
  await page.keyboard.press('Space');
  await expect(editor.getByRole('switch', { name: 'Camille Rochat reçoit des appels découverte' })).toBeChecked();

  await editor.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
  await editor.getByLabel('Début, lundi, plage 1').fill('09:00');
  await editor.getByLabel('Fin, lundi, plage 1').fill('12:00');
  await editor.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
  await editor.getByLabel('Début, lundi, plage 2').fill('14:00');
  await editor.getByLabel('Fin, lundi, plage 2').fill('13:00');
  await editor.getByRole('button', { name: 'Ajouter une plage le mercredi' }).click();
  await editor.getByRole('button', { name: 'Ajouter une exception' }).click();
  await editor.getByLabel('Date de l’exception 1').fill('2027-03-29');
  await expect(editor.getByRole('checkbox', { name: 'Jour de congé' })).toBeChecked();
  await editor.getByLabel('Lien de visioconférence').fill('https://meet.example.ch/camille');
  await editor.getByLabel('Adresse de son calendrier (iCalendar)').fill(feedUrl);

  // An end before its start is refused in French, next to the range.
  await editor.getByRole('button', { name: 'Enregistrer les disponibilités' }).click();
  await expect(editor.getByText('L’heure de fin doit être après l’heure de début.')).toBeVisible();
  await editor.getByLabel('Fin, lundi, plage 2').fill('17:00');
  await editor.getByRole('button', { name: 'Enregistrer les disponibilités' }).click();
  await expect(toast(page)).toContainText('Disponibilités enregistrées');

  // The calendar was read on saving; its state and the subscription address are shown.
  await expect(editor.getByText('Calendrier lu', { exact: true })).toBeVisible();
  await expect(editor.getByText(/^Lu le .* plages? occupées?\.$/)).toBeVisible();
  const subscription = editor.getByLabel('Adresse d’abonnement à ses rendez-vous');
  await expect(subscription).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  const host = await (await request.get('/api/admin/hosts')).json();
  const me = host.hosts.find((candidate: { email: string }) => candidate.email === 'camille.rochat@innercircle.test');
  const availability = await (await request.get(`/api/admin/hosts/${me.userId}/availability`)).json();
  expect(availability).toMatchObject({
    isHost: true,
    weekly: [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '14:00', end: '17:00' },
      { weekday: 3, start: '09:00', end: '12:00' },
    ],
    overrides: [{ date: '2027-03-29', ranges: [] }],
    videoUrl: 'https://meet.example.ch/camille',
    feedUrl,
    feed: { status: 'ok', error: null },
  });

  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'settings-booking');

  // The calendar fails: the screen says why, and the dashboard warns.
  failing = true;
  await page.setViewportSize({ width: 1366, height: 900 });
  await editor.getByRole('button', { name: 'Actualiser' }).click();
  await expect(editor.getByText(/son serveur a répondu par une erreur \(HTTP 500\)\. Cet hôte ne propose aucun créneau/)).toBeVisible();
  await expect(editor.getByText('Calendrier illisible', { exact: true })).toBeVisible();
  await expect(hosts.getByText('Calendrier illisible', { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'settings-booking-failed');

  await page.goto('/simple-admin');
  const alert = page.getByRole('alert').filter({ hasText: 'Un calendrier d’hôte n’est pas lu' });
  await expect(alert).toContainText('Camille Rochat : Le calendrier ne peut pas être lu : son serveur a répondu par une erreur (HTTP 500).');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'dashboard-feed-alert');
  await alert.getByRole('link', { name: 'Vérifier les calendriers dans Paramètres' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/rendez-vous$/);

  // Read again: the warning goes; the subscription address is renewed and the old one closes.
  failing = false;
  await page
    .getByRole('region', { name: 'Hôtes' })
    .getByRole('button', { name: /^Configurer : Camille Rochat/ })
    .click();
  await editor.getByRole('button', { name: 'Actualiser' }).click();
  await expect(toast(page)).toContainText('Calendrier lu');
  await expect(editor.getByText('Calendrier lu', { exact: true })).toBeVisible();
  const oldAddress = await subscription.inputValue();
  await editor.getByRole('button', { name: 'Renouveler' }).click();
  await expect(toast(page)).toContainText('Adresse renouvelée');
  await expect(subscription).not.toHaveValue(oldAddress);
  expect((await request.get(new URL(oldAddress).pathname)).status()).toBe(404);
  expect((await request.get(new URL(await subscription.inputValue()).pathname)).status()).toBe(200);
  await page.goto('/simple-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'calendrier d’hôte' })).toHaveCount(0);

  // The worker's server is shared: leave the call as other journeys expect it.
  const origin = { origin: new URL(baseURL!).origin };
  await request.put('/api/admin/booking-settings', { data: { ...saved, durationMinutes: 30, bufferAfterMinutes: 10 }, headers: origin });
  await request.put(`/api/admin/hosts/${me.userId}/availability`, { data: { isHost: false, weekly: [], overrides: [], videoUrl: null, feedUrl: null }, headers: origin });
});
