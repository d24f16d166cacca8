/**
 * The team's agenda of discovery calls in the browser: from the dashboard's "Prochains appels" to
 * /admin/bookings, a past call marked Effectué (then offering "Faire une offre"), an upcoming one cancelled and another moved (the
 * person told, and the screen says so), the contact one click away, the link from Tâches; axe-clean,
 * with and without a dialog open, at phone and desktop sizes.
 *
 * A call that has already started cannot be booked through the API (the minimum notice), so this
 * journey prepares its own database: a copy of the migrated template, filled before its server starts
 * (the server owns its embedded database while it runs).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { seriousViolations, signIn, toast } from '../admin-helpers.ts';
import { hashCheaply, screenshotInto, testOnSeededDatabase } from '../seeded-server.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const halfHour = (ms: number) => new Date(Math.floor(ms / (30 * MINUTE)) * 30 * MINUTE);
/** Screenshots for a person to look at, outside the repository. */
const SHOTS = process.env.BOOKING_SHOTS_DIR ?? path.join(tmpdir(), 'booking-agenda-shots');

/** Beside the administrator: a host with a whole-week schedule, three people and their calls. */
const test = testOnSeededDatabase(async (knex) => {
  const [host] = await knex('users')
    .insert({ username: 'helene@example.ch', email: 'helene@example.ch', password: await hashCheaply('un-autre-mot-de-passe-42'), firstName: 'Hélène', lastName: 'Hôte', role: 'admin' })
    .returning('id');
  await knex('booking_settings').where({ id: 1 }).update({ minimumNoticeMinutes: 60, horizonDays: 30 });
  await knex('booking_hosts').insert({
    userId: host.id,
    isHost: true,
    weekly: JSON.stringify([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }))),
    overrides: '[]',
    videoUrl: 'https://meet.example.ch/helene',
    calendarToken: 'e2e-agenda-token',
  });
  const now = Date.now();
  const calls = [
    { firstName: 'Léa', lastName: 'Favre', email: 'lea.agenda@example.ch', start: halfHour(now - 2 * HOUR), message: 'Le stress au travail, et mes nuits.' },
    { firstName: 'Tom', lastName: 'Martin', email: 'tom.agenda@example.ch', start: halfHour(now + 2 * DAY), message: null },
    { firstName: 'Zoé', lastName: 'Keller', email: 'zoe.agenda@example.ch', start: halfHour(now + 3 * DAY), message: 'Reprendre confiance.' },
  ];
  for (const [index, call] of calls.entries()) {
    const [lead] = await knex('leads').insert({ firstName: call.firstName, lastName: call.lastName, email: call.email, type: 'contact', source: 'form' }).returning('id');
    const [activity] = await knex('activities')
      .insert({ leadId: lead.id, type: 'meeting', status: 'planned', title: 'Appel découverte', description: call.message, scheduledAt: call.start, dueDate: call.start, assignedTo: host.id })
      .returning('id');
    const end = new Date(call.start.getTime() + 30 * MINUTE);
    await knex('bookings').insert({
      uid: `e2e-agenda-${index}@localhost`,
      leadId: lead.id,
      hostId: host.id,
      activityId: activity.id,
      startAt: call.start,
      endAt: end,
      blocked: knex.raw('tstzrange(?, ?)', [call.start.toISOString(), new Date(end.getTime() + 10 * MINUTE).toISOString()]),
      mode: 'video',
      videoUrl: 'https://meet.example.ch/helene',
      phone: '+41 79 000 00 00',
      message: call.message,
    });
  }
});

const screenshot = (page: Page, name: string) => screenshotInto(SHOTS, page, name);

test('the agenda: from the dashboard, a call marked Effectué, one cancelled and one moved, the person told', async ({ page }) => {
  // A long journey with five axe scans, one of them of the analytics screen and its many tables (decision 116).
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);

  // "Prochains appels" lists the upcoming calls, not the past one, and opens the agenda.
  const card = page.getByRole('region', { name: 'Prochains appels' });
  await expect(card.getByRole('list', { name: 'Prochains appels' })).toContainText('Tom Martin');
  await expect(card).toContainText('Zoé Keller');
  await expect(card).not.toContainText('Léa Favre');
  // The sidebar keeps its eight entries.
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link')).toHaveCount(8);
  await card.getByRole('link', { name: "Voir l'agenda des appels" }).click();

  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appels découverte' })).toBeVisible();
  await expect(page.getByText('Annuler ou déplacer un appel prévient la personne par e-mail.')).toBeVisible();
  // Reached from Tâches: the sidebar marks Tâches as the current section.
  await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tâches' })).toHaveAttribute('aria-current', 'page');
  const upcoming = page.getByRole('list', { name: 'À venir' });
  const past = page.getByRole('list', { name: 'Passés' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(2);
  await expect(upcoming.getByRole('listitem').first()).toContainText('Tom Martin');
  const lea = past.getByRole('listitem').filter({ hasText: 'Léa Favre' });
  await expect(lea).toContainText('Le stress au travail, et mes nuits.');
  await expect(lea).toContainText('À marquer');
  await expect(lea).toContainText('Hôte : Hélène Hôte');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'agenda-desktop');

  // Per host: the only host keeps every call.
  await page.getByRole('combobox', { name: 'Hôte' }).selectOption({ label: 'Hélène Hôte' });
  await expect(page).toHaveURL(/hostId=\d+/);
  await expect(upcoming.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Hôte' }).selectOption({ label: 'Camille Rochat' });
  await expect(upcoming).toContainText('Aucun appel à venir.');
  await page.getByRole('combobox', { name: 'Hôte' }).selectOption({ label: 'Tous les hôtes' });

  // Effectué, from the keyboard.
  await lea.getByRole('button', { name: 'Effectué : appel avec Léa Favre' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Appel marqué effectué');
  await expect(lea).toContainText('Effectué');
  await expect(lea).not.toContainText('À marquer');
  // Once held, the call leads to the sale: its only action is "Faire une offre" (decision 130).
  await expect(lea.getByRole('button')).toHaveCount(1);
  await lea.getByRole('button', { name: 'Faire une offre : appel avec Léa Favre' }).click();
  const offer = page.getByRole('dialog', { name: 'Faire une offre à Léa Favre' });
  await expect(offer.getByRole('textbox', { name: 'Libellé (ligne 1)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await offer.getByRole('button', { name: 'Annuler' }).click();
  await expect(offer).toHaveCount(0);

  // Annuler: the dialog says the person is told; once done, the call shows cancelled.
  const tom = upcoming.getByRole('listitem').filter({ hasText: 'Tom Martin' });
  await tom.getByRole('button', { name: 'Annuler : appel avec Tom Martin' }).click();
  const confirm = page.getByRole('dialog', { name: 'Annuler l’appel' });
  await expect(confirm).toContainText('Tom Martin recevra un e-mail d’annulation.');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Annuler l’appel et prévenir' }).click();
  await expect(toast(page)).toContainText('Tom Martin est informé·e par e-mail de l’annulation.');
  await expect(tom).toContainText('Annulé');
  await expect(tom.getByRole('button')).toHaveCount(0);

  // Déplacer: a free start from the booking page's list; the person is told.
  const zoe = upcoming.getByRole('listitem').filter({ hasText: 'Zoé Keller' });
  await zoe.getByRole('button', { name: 'Déplacer : appel avec Zoé Keller' }).click();
  const move = page.getByRole('dialog', { name: 'Déplacer l’appel avec Zoé Keller' });
  await expect(move).toContainText('recevra un e-mail avec la nouvelle heure');
  const choice = move.getByLabel('Nouveau créneau (heure suisse)');
  await expect(choice.locator('option').nth(1)).toBeAttached();
  // Sending without a choice says what is missing, under the list.
  await move.getByRole('button', { name: 'Déplacer et prévenir' }).click();
  await expect(move.getByRole('alert')).toHaveText('Choisissez un créneau.');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'agenda-move-desktop');
  const target = await choice.locator('option').nth(5).getAttribute('value');
  await choice.selectOption(target!);
  await move.getByRole('button', { name: 'Déplacer et prévenir' }).click();
  await expect(toast(page)).toContainText('Appel déplacé');
  await expect(toast(page)).toContainText('Zoé Keller est informé·e par e-mail du nouveau rendez-vous');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The person's history is one click away.
  await lea.getByRole('link', { name: /Léa Favre/ }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByRole('list', { name: 'Activités du contact' })).toContainText('Appel découverte');

  // Tâches links to the agenda.
  await page.goto('/admin/tasks');
  await page.getByRole('link', { name: 'Agenda des appels découverte' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);

  // The analytics count the calls: three booked this week, one held (the one just marked), with their tables.
  await page.goto('/admin/analytics');
  const calls = page.getByRole('region', { name: 'Appels découverte par semaine' }).first();
  await expect(calls.getByRole('table')).toBeVisible();
  const total = (column: number) => calls.locator('tbody tr').evaluateAll((rows, index) => rows.reduce((sum, row) => sum + Number(row.children[index]!.textContent), 0), column);
  expect(await total(1)).toBe(3);
  expect(await total(2)).toBe(1);
  expect(await total(3)).toBe(0);
  await expect(
    page
      .getByRole('region', { name: 'Du webinaire à l’appel' })
      .first()
      .getByRole('row', { name: /Appel effectué/ }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await calls.scrollIntoViewIfNeeded();
  await screenshot(page, 'analytics-desktop');

  // Phone size: the same screen, nothing cut.
  await page.goto('/admin/bookings');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Appels découverte' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'agenda-phone');
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Prochains appels' })).toContainText('Zoé Keller');
  await screenshot(page, 'dashboard-phone');
});
