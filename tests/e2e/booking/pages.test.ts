/**
 * Booking the discovery call on /rendez-vous/ in Chromium: with JavaScript off (the browser posts the
 * form itself: 303 to the confirmation page saying the booked time), with JavaScript on from a signed
 * link (name and e-mail already filled, still no script loaded), a start taken meanwhile (back to the
 * page with the French message), and axe-core at phone and desktop sizes.
 * The server starts from a copy of the migrated template with one host added to it (the embedded
 * database is written before the server opens it).
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../fixtures.ts';
import { copyOfTemplate, launchProductionServer, removeDataDir, type ProductionServer } from '../server.ts';
import { PGLITE_EXTENSIONS } from '../../../api/platform/db.ts';
import { bookingPageUrl } from '../../../api/features/booking/index.ts';
import { frenchLongDate, frenchTime } from '../../../api/platform/lib/french-dates.ts';

/** The production servers' secret in these tests (tests/e2e/server.ts). */
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
/** Monday to Friday, 09:00–17:00: the next 14 days always hold free starts. */
const WEEK = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
const SCREENSHOTS = process.env.BOOKING_SCREENSHOTS;

/** A copy of the template with one host and one known contact; returns the folder and the contact's id. */
async function seededDataDir(): Promise<{ dir: string; leadId: number }> {
  const dir = copyOfTemplate();
  const db = new PGlite({ dataDir: path.join(dir, 'pglite'), extensions: PGLITE_EXTENSIONS });
  try {
    const user = await db.query<{ id: number }>(
      `insert into users (username, email, password, first_name, last_name) values ('helene.hote', 'helene.hote@innercircle.test', '!', 'Hélène', 'Hôte') returning id`,
    );
    const hostId = user.rows[0]!.id;
    await db.query(`insert into booking_hosts (user_id, is_host, weekly, overrides, video_url, calendar_token) values ($1, true, $2, '[]', 'https://meet.example.ch/helene', 'e2e-booking-host')`, [
      hostId,
      JSON.stringify(WEEK),
    ]);
    await db.query('update booking_settings set minimum_notice_minutes = 60, horizon_days = 30');
    const lead = await db.query<{ id: number }>(
      `insert into leads (first_name, last_name, email, type, source, status) values ('Nadia', 'Keller', 'nadia.keller@example.ch', 'webinar', 'form', 'new') returning id`,
    );
    return { dir, leadId: lead.rows[0]!.id };
  } finally {
    await db.close();
  }
}

const test = base.extend<{}, { booking: { server: ProductionServer; leadId: number } }>({
  booking: [
    async ({}, use) => {
      const { dir, leadId } = await seededDataDir();
      const server = await launchProductionServer({}, dir).ready;
      await use({ server, leadId });
      await server.stop();
      removeDataDir(dir);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // This file's server for every test of the file, in place of the worker's shared one.
  server: async ({ booking }, use) => {
    await use(booking.server);
  },
});

test.describe.configure({ mode: 'serial' });

/** What the page writes for a start: "lundi 30 novembre 2026 à 10 h 00", spaces normalised. */
const spoken = (start: string) => `${frenchLongDate(new Date(start), { weekday: true })} à ${frenchTime(new Date(start))}`.replace(/\s+/g, ' ');
const normalised = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Chooses the first free start of the first day offered; returns its instant. */
async function chooseFirstSlot(page: Page, index = 0): Promise<string> {
  const radio = page.getByRole('radio').nth(index);
  const start = (await radio.getAttribute('value'))!;
  // A person clicks the time they read (the radio itself is visually hidden inside it).
  await page.locator('label', { has: page.locator(`input[value="${start}"]`) }).click();
  await expect(radio).toBeChecked();
  return start;
}

async function fillPerson(page: Page, person: { firstName: string; lastName: string; email: string }) {
  await page.getByRole('textbox', { name: 'Prénom', exact: true }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(person.lastName);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Téléphone (optionnel)' }).fill('+41 79 123 45 67');
  await page.getByRole('textbox', { name: 'Ce que vous aimeriez aborder (optionnel)' }).fill('Le stress au travail');
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor chooses a free time, fills the form, and the confirmation says the booked time', async ({ page }) => {
    await page.goto('/rendez-vous/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réservez votre appel découverte');
    await expect(page.getByRole('group', { name: /Choisissez un créneau/ })).toContainText('(heure suisse)');
    // The first day's group is named by its date; its radios by their Swiss times.
    const firstDay = page.locator('[data-booking-day]').first();
    const date = (await firstDay.getAttribute('data-booking-day'))!;
    await expect(page.getByRole('group', { name: frenchLongDate(new Date(`${date}T12:00:00Z`), { weekday: true }) })).toBeVisible();

    const start = await chooseFirstSlot(page);
    await expect(page.getByRole('radio', { checked: true })).toHaveAccessibleName(frenchTime(new Date(start)));
    await fillPerson(page, { firstName: 'Léa', lastName: 'Favre', email: 'lea.sansjs@example.ch' });
    await page.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();

    await expect(page).toHaveURL(/\/rendez-vous\/confirme\/\?message=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("C'est noté !");
    expect(normalised(await page.locator('[data-server-message]').textContent())).toBe(`Votre appel découverte est réservé le ${spoken(start)} (heure suisse).`);

    // The time is no longer offered.
    await page.goto('/rendez-vous/');
    await expect(page.locator(`input[value="${start}"]`)).toHaveCount(0);
  });

  test('a time taken meanwhile sends the visitor back to the page with the French message and fresh times', async ({ page, request }) => {
    await page.goto('/rendez-vous/');
    const start = await chooseFirstSlot(page);
    await fillPerson(page, { firstName: 'Marc', lastName: 'Dupont', email: 'marc.retard@example.ch' });
    // Someone else books it first.
    const other = await request.post('/api/bookings', { data: { start, firstName: 'Zoé', lastName: 'Rapide', email: 'zoe.rapide@example.ch' } });
    expect(other.status()).toBe(201);
    await page.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();

    await expect(page).toHaveURL(/\/rendez-vous\/\?message=.*#reservation$/);
    await expect(page.getByRole('alert')).toHaveText("Ce créneau n'est plus disponible.");
    await expect(page.locator(`input[value="${start}"]`)).toHaveCount(0);
    expect(await page.getByRole('radio').count()).toBeGreaterThan(0);
  });
});

test.describe('with JavaScript', () => {
  test('from a signed link the name and e-mail are filled, no script is loaded, and the booking goes through', async ({ page, baseURL, booking }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(bookingPageUrl(baseURL!, SECRET, booking.leadId), { waitUntil: 'networkidle' });
    await expect(page.getByRole('textbox', { name: 'Prénom', exact: true })).toHaveValue('Nadia');
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Keller');
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('nadia.keller@example.ch');

    // The keyboard reaches the times: Tab into the group, arrows move the choice.
    await page.getByRole('radio').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio').nth(1)).toBeChecked();
    const start = (await page.getByRole('radio').nth(1).getAttribute('value'))!;
    await page.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();

    await expect(page).toHaveURL(/\/rendez-vous\/confirme\//);
    expect(normalised(await page.locator('[data-server-message]').textContent())).toBe(`Votre appel découverte est réservé le ${spoken(start)} (heure suisse).`);
    expect(scripts).toEqual([]);
  });

  test('a link with a wrong token fills nothing', async ({ page, baseURL, booking }) => {
    const link = new URL(bookingPageUrl(baseURL!, 'another-secret', booking.leadId));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('');
    await expect(page.getByText('nadia.keller@example.ch')).toHaveCount(0);
  });
});

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test(`/rendez-vous/ has no serious or critical axe violation at ${label} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/rendez-vous/', { waitUntil: 'networkidle' });
    expect(await seriousViolations(page)).toEqual([]);
    // A chosen time and a focused one stay accessible too.
    await chooseFirstSlot(page, 2);
    await page.getByRole('radio').nth(3).focus();
    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) {
      await page.screenshot({ path: path.join(SCREENSHOTS, `rendez-vous-${label}.png`), fullPage: false });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENSHOTS, `rendez-vous-${label}-full.png`), fullPage: true });
    }
  });
}

test('the header (every width from 640 px), the mobile menu and the contact section lead to /rendez-vous/', async ({ page }) => {
  for (const width of [640, 800, 1024, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/innercircle/');
    const link = page.locator('header').getByRole('link', { name: 'Réserver un appel' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/rendez-vous/');
    if (SCREENSHOTS) await page.locator('header').screenshot({ path: path.join(SCREENSHOTS, `header-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/innercircle/');
  const contact = page.locator('#contact').getByRole('link', { name: 'Réserver directement un créneau' });
  await contact.scrollIntoViewIfNeeded();
  if (SCREENSHOTS) await page.locator('#contact').screenshot({ path: path.join(SCREENSHOTS, 'contact.png') });
  await contact.click();
  await expect(page).toHaveURL(/\/rendez-vous\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réservez votre appel découverte');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/innercircle/');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Réserver un appel' }).click();
  await expect(page).toHaveURL(/\/rendez-vous\/$/);
});
