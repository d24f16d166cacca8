/**
 * Analytiques in the browser (decision 116): the funnel from visit to discovery call with each step's
 * count and rate from the step before, the table per origin, the daily visits with their table beside
 * the chart, the origin filter kept in the address; axe-clean, at 1366 and 390 px.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { swissDay } from '../../api/features/attribution/index.ts';
import { seriousViolations, signIn } from './admin-helpers.ts';
import { screenshotInto, testOnSeededDatabase } from './seeded-server.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** Screenshots for a person to look at, outside the repository. */
const SHOTS = process.env.ANALYTICS_SHOTS_DIR ?? path.join(tmpdir(), 'analytics-funnel-shots');

/** Beside the administrator: 12 visitors from LinkedIn's « printemps » today, 8 from Google three days ago; four contacts. */
const test = testOnSeededDatabase(async (knex) => {
  const counts = { device: 'desktop', referrer: '', medium: '', campaign: '', source: '' };
  await knex('visitDailyCounts').insert([
    { ...counts, day: swissDay(new Date()), path: '/', channel: 'social', source: 'linkedin', medium: 'social', campaign: 'printemps', visits: 20, visitors: 12, entries: 12 },
    { ...counts, day: swissDay(ago(3)), path: '/', channel: 'search', source: 'google', referrer: 'google.ch', visits: 9, visitors: 8, entries: 8 },
  ]);
  const linkedin = { firstTouchChannel: 'social', firstTouchSource: 'linkedin', firstTouchMedium: 'social', firstTouchCampaign: 'printemps', firstTouchLandingPage: '/' };
  const google = { firstTouchChannel: 'search', firstTouchSource: 'google', firstTouchReferrer: 'google.ch', firstTouchLandingPage: '/' };
  const [webinar] = await knex('webinars')
    .insert({ title: 'Session du printemps', datetime: ago(1) })
    .returning('id');
  const people = [
    { email: 'anna.funnel@example.ch', touch: linkedin, status: 'qualified', registration: 'attended' },
    { email: 'ben.funnel@example.ch', touch: linkedin, status: 'new', registration: 'registered' },
    { email: 'carla.funnel@example.ch', touch: google, status: 'new', registration: null },
    { email: 'dan.funnel@example.ch', touch: null, status: 'new', registration: null },
  ];
  for (const person of people) {
    const createdAt = ago(1);
    const touch = person.touch ? { ...person.touch, firstTouchAt: createdAt } : {};
    const [lead] = await knex('leads')
      .insert({ firstName: 'Test', email: person.email, status: person.status, createdAt, ...touch })
      .returning('id');
    if (person.registration) await knex('webinarRegistrations').insert({ webinarId: webinar.id, leadId: lead.id, status: person.registration });
  }
});

const screenshot = (page: Page, name: string) => screenshotInto(SHOTS, page, name);

/** A table's body as text, one array per row. */
const rowsOf = (page: Page, name: string) =>
  page
    .getByRole('region', { name })
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())));

test('the funnel from visit to discovery call, per origin, and the daily visits beside their table', async ({ page }) => {
  // Three axe runs over a screen of many tables, on a machine shared with other runs.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 2, name: 'Du visiteur à l’appel découverte' })).toBeVisible();

  // Every step with its count and its share of the one before, named; no call step while nobody hosts calls.
  await expect(page.getByRole('columnheader', { name: 'Part de l’étape précédente' })).toBeVisible();
  await expect
    .poll(() => rowsOf(page, 'Du visiteur à l’appel découverte'))
    .toEqual([
      ['Visiteurs (somme des visiteurs quotidiens)', '20', '—'],
      ['Contacts', '4', '20 % des visiteurs'],
      ['Inscrits à un webinaire', '2', '50 % des contacts'],
      ['Présents', '1', '50 % des inscrits'],
      ['Qualifiés', '1', '100 % des présents'],
      ['Offres envoyées', '0', '0 % des qualifiés'],
      ['Offres acceptées', '0', '—'],
      ['Clients', '0', '—'],
    ]);
  // The period every card covers sits under the header, above the filters: not alone between two cards.
  const caption = page.locator('[data-period-caption]');
  await expect(caption).toHaveText(/^Période : du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}$/);
  const [captionBox, headingBox, filtersBox] = [
    await caption.boundingBox(),
    await page.getByRole('heading', { level: 1, name: 'Analytiques' }).boundingBox(),
    await page.getByRole('group', { name: /Origine des contacts/ }).boundingBox(),
  ];
  expect(captionBox!.y).toBeGreaterThan(headingBox!.y);
  expect(captionBox!.y + captionBox!.height).toBeLessThanOrEqual(filtersBox!.y);
  await expect(page.getByText('Les étapes des appels découverte apparaîtront dès qu’un membre de l’équipe recevra des appels.')).toBeVisible();

  // Per origin: visitors, contacts, sign-ups, qualified and the contacts' share of the visitors; unknown
  // origins last, where a contact and no counted visitor gives no share (never "100 %" or more).
  await expect(page.getByRole('columnheader', { name: 'Contacts parmi les visiteurs' })).toBeVisible();
  await expect
    .poll(() => rowsOf(page, 'Par origine'))
    .toEqual([
      ['Réseaux sociaux', 'linkedin', 'printemps', '12', '2', '2', '1', '16,7 %'],
      ['Recherche', 'google', '-', '8', '1', '0', '0', '12,5 %'],
      ['Origine inconnue', '-', '-', '0', '1', '0', '0', '—'],
    ]);
  await expect(page.getByText(/Une origine qui compte plus de contacts que de visiteurs/)).toBeVisible();

  // The daily visits: the chart, and beside it every day's figures, the latest first.
  const visits = page.getByRole('region', { name: 'Visites par jour' }).first();
  const chart = visits.getByRole('img', { name: 'Courbe des visites de 30 jours, 29 visites en tout.' });
  await expect(chart).toBeVisible();
  const days = await rowsOf(page, 'Visites par jour');
  expect(days).toHaveLength(30);
  expect(days[0]).toEqual([swissDay(new Date()).split('-').reverse().join('/'), '20', '12']);
  await expect(visits).toContainText('Sur la période : 20 visiteurs (somme des visiteurs quotidiens), 29 visites.');
  const [chartBox, tableBox] = [await chart.boundingBox(), await visits.getByRole('table').boundingBox()];
  expect(tableBox!.x).toBeGreaterThan(chartBox!.x + chartBox!.width - 1);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'funnel-1366');

  // One channel: the address keeps it, the funnel and the table follow.
  await page.getByLabel('Canal').selectOption({ label: 'Réseaux sociaux' });
  await expect(page).toHaveURL(/\/admin\/analytics\?channel=social$/);
  await expect
    .poll(() => rowsOf(page, 'Du visiteur à l’appel découverte'))
    .toEqual([
      ['Visiteurs (somme des visiteurs quotidiens)', '12', '—'],
      ['Contacts', '2', '16,7 % des visiteurs'],
      ['Inscrits à un webinaire', '2', '100 % des contacts'],
      ['Présents', '1', '50 % des inscrits'],
      ['Qualifiés', '1', '100 % des présents'],
      ['Offres envoyées', '0', '0 % des qualifiés'],
      ['Offres acceptées', '0', '—'],
      ['Clients', '0', '—'],
    ]);
  await expect.poll(() => rowsOf(page, 'Par origine')).toHaveLength(1);
  await page.getByRole('button', { name: '12 mois' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?period=12m&channel=social$/);
  // Over twelve months the table sums each month's daily visitors, and says so.
  await expect(page.getByRole('region', { name: 'Visites par mois' }).getByRole('columnheader', { name: 'Visiteurs (somme des visiteurs quotidiens)' })).toBeVisible();
  await expect(page.getByText(/uniques/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Toutes les origines' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?period=12m$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Phone size: nothing cut, still clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 2, name: 'Par origine' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'funnel-390');
});
