/**
 * Tasks and analytics in the browser (decisions 071, 072): the task list (filter, mark done, reschedule, assign), the same editing on
 * a contact, the dashboard's "Tâches du jour", the analytics screen (period, tables), the CSV report
 * and the activity feed; axe-clean on each new screen.
 */
import { readFileSync } from 'node:fs';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AnalyticsJson } from '#contract/analytics';
import { adminApi, expect, seriousViolations, signIn, test, toast } from '../admin-helpers.ts';
import { countOf } from '../../../site/admin/features/analytics/rates.ts';

/** A Swiss calendar day, `days` from today, as "yyyy-MM-dd". */
function zurichDay(days: number): string {
  const now = new TZDate(Date.now(), 'Europe/Zurich');
  return format(new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + days, 12, 0, 0, 'Europe/Zurich'), 'yyyy-MM-dd');
}
const swiss = (day: string) => day.split('-').reverse().join('/');

test('tasks: grouped by day, filtered, marked done, rescheduled and assigned; the dashboard shows today’s', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lea = await api.createLead({ firstName: 'Léa', lastName: 'Tâches', email: `lea.taches.${Date.now()}@example.ch` });
  const marc = await api.createLead({ firstName: 'Marc', lastName: 'Tâches', email: `marc.taches.${Date.now()}@example.ch` });
  await api.addActivity(lea.id, { type: 'call', title: 'Rappeler Léa', status: 'planned', dueDate: zurichDay(-2) });
  await api.addActivity(lea.id, { type: 'email', title: 'Envoyer la brochure', status: 'in_progress', dueDate: zurichDay(0) });
  await api.addActivity(marc.id, { type: 'meeting', title: 'Rencontrer Marc', status: 'planned', dueDate: zurichDay(5) });
  await api.addActivity(marc.id, { type: 'task', title: 'Préparer le dossier', status: 'planned' });
  await api.addActivity(marc.id, { type: 'note', title: 'Note terminée', status: 'completed' });

  await signIn(page);
  const todayCard = page.getByRole('region', { name: 'Tâches du jour' });
  await expect(todayCard.getByRole('list', { name: 'Tâches : En retard' })).toContainText('Rappeler Léa');
  await expect(todayCard.getByRole('list', { name: "Tâches : Aujourd'hui" })).toContainText('Envoyer la brochure');
  await expect(todayCard).not.toContainText('Rencontrer Marc');

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tâches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
  const group = (name: string) => page.getByRole('list', { name: `Tâches : ${name}` });
  await expect(group('En retard')).toContainText('Rappeler Léa');
  await expect(group("Aujourd'hui")).toContainText('Envoyer la brochure');
  await expect(group('À venir')).toContainText('Rencontrer Marc');
  await expect(group('Sans échéance')).toContainText('Préparer le dossier');
  await expect(page.getByText('Note terminée')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Filter by type, then back.
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Réunion' });
  await expect(page).toHaveURL(/type=meeting/);
  await expect(group('À venir')).toContainText('Rencontrer Marc');
  await expect(group('En retard')).toContainText('Aucune tâche.');
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Tous' });
  await expect(group('En retard')).toContainText('Rappeler Léa');

  // Assign, then filter by the person assigned.
  await page.getByLabel('Assignée à : « Préparer le dossier »').selectOption({ label: 'Camille Rochat' });
  await expect(toast(page)).toContainText('Activité assignée');
  await page.getByRole('combobox', { name: 'Assignée à', exact: true }).selectOption({ label: 'Camille Rochat' });
  await expect(group('Sans échéance')).toContainText('Préparer le dossier');
  await expect(group('En retard')).toContainText('Aucune tâche.');
  await page.getByRole('combobox', { name: 'Assignée à', exact: true }).selectOption({ label: 'Tout le monde' });

  // Reschedule the overdue call to tomorrow: it moves to "À venir".
  await page.getByLabel('Échéance de « Rappeler Léa »').fill(zurichDay(1));
  await page.getByRole('button', { name: 'Replanifier « Rappeler Léa »' }).click();
  await expect(toast(page)).toContainText('Échéance modifiée');
  await expect(group('À venir')).toContainText('Rappeler Léa');
  await expect(group('À venir')).toContainText(`Échéance : ${swiss(zurichDay(1))}`);
  await expect(group('En retard')).toContainText('Aucune tâche.');

  // Mark the e-mail done: it leaves the list, and the contact's last contact date is today.
  await page.getByRole('button', { name: 'Terminer « Envoyer la brochure »' }).click();
  await expect(toast(page)).toContainText('Activité terminée');
  await expect(page.getByText('Envoyer la brochure')).toHaveCount(0);

  // Change a status; the row links to its contact.
  await page.getByLabel('Statut de « Rencontrer Marc »').selectOption({ label: 'En cours' });
  await expect(toast(page)).toContainText('Statut modifié');
  await group('À venir').getByRole('link', { name: 'Léa Tâches' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${lea.id}$`));
  const activities = page.getByRole('list', { name: 'Activités du contact' });
  await expect(activities).toContainText('Envoyer la brochure');
  // The completed e-mail set the contact's last contact date.
  await expect(page.getByText('Jamais contacté')).toHaveCount(0);

  // The same editing on the contact: mark the call done.
  await activities.getByRole('button', { name: 'Terminer « Rappeler Léa »' }).click();
  await expect(toast(page)).toContainText('Activité terminée');
  await expect(activities.getByLabel('Statut de « Rappeler Léa »')).toHaveValue('completed');
  expect(await seriousViolations(page)).toEqual([]);
});

test('analytics: period change and tables; the dashboard report downloads; the activity feed pages', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Anna', lastName: 'Analyse', email: `anna.${Date.now()}@example.ch`, source: 'referral' });
  for (let n = 1; n <= 12; n++) await api.addActivity(lead.id, { type: 'note', title: `Note numéro ${n}`, status: 'completed' });

  await signIn(page);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Analytiques' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytiques' })).toBeVisible();
  const weekly = page.getByRole('region', { name: 'Nouveaux contacts par semaine et par source' });
  await expect(weekly.getByRole('columnheader', { name: 'Recommandation' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entonnoir des webinaires' }).getByRole('row', { name: /Inscrits/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contacts par statut' }).getByRole('row', { name: /Nouveau/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inscriptions et taux de présence par session' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Histogramme empilé/ })).toBeVisible();
  const weeks30 = await weekly.getByRole('row').count();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: '12 mois' }).click();
  await expect(page).toHaveURL(/period=12m/);
  await expect(page.getByRole('button', { name: '12 mois' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => weekly.getByRole('row').count()).toBeGreaterThan(weeks30 + 40);

  // The dashboard's report: a CSV for the chosen period.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tableau de bord' }).click();
  await page.getByLabel('Période du rapport').selectOption({ label: '90 jours' });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Générer un rapport' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^rapport-90d(-\d{4}-\d{2}-\d{2})?\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFRubrique;Élément;Date;Valeur\r\n')).toBe(true);
  expect(csv).toContain('Période;90 jours;;');

  // "Voir toute l'activité": every activity, ten a page.
  await page.getByRole('link', { name: "Voir toute l'activité" }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Toute l'activité" })).toBeVisible();
  const feed = page.getByRole('region', { name: "Tableau de toute l'activité" });
  await expect(feed.getByRole('row')).toHaveCount(11);
  await expect(feed).toContainText('Note numéro 12');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: "Pagination de l'activité" }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(feed).toContainText('Note numéro 1');
  await expect(feed).not.toContainText('Note numéro 12');
});

test('analytics charts: each bar as long as its count from zero, every label inside the chart', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const headers = { origin: new URL(baseURL!).origin };
  const stamp = Date.now();
  // A session of the period, seeded through the real API: 19 sign-ups through the public form (it seats
  // them in the next session, created soon for that), then the session is moved three days back, 9 of
  // them marked present (8 as a selection, 1 on its own row, 3 others absent: still "inscrits"),
  // 4 of the present ask to be contacted (the public contact form again) and 2 of these are qualified.
  const webinar = await api.createWebinar({ title: `Les 4 hormones du bonheur ${stamp}`, datetime: new Date(Date.now() + 10 * 60_000).toISOString() });
  const emails = Array.from({ length: 19 }, (_, n) => `graphique.${n}.${stamp}@example.ch`);
  for (const [n, email] of emails.entries()) {
    const response = await request.post('/api/leads', { data: { firstName: `Personne${n}`, lastName: 'Graphique', email, type: 'webinar' }, headers });
    expect(response.status(), await response.text()).toBe(201);
    expect((await response.json()).registration).toEqual({ webinarId: webinar.id, status: 'registered' });
  }
  const moved = await request.patch(`/api/admin/webinars/${webinar.id}`, { data: { datetime: new Date(Date.now() - 3 * 86_400_000).toISOString() }, headers });
  expect(moved.status(), await moved.text()).toBe(200);
  const listed = await request.get(`/api/admin/webinars/${webinar.id}/registrations?limit=100`);
  expect(listed.status()).toBe(200);
  const byEmail = new Map(((await listed.json()).registrations as { id: number; leadId: number; lead: { email: string } }[]).map((row) => [row.lead.email, row]));
  const registration = (n: number) => byEmail.get(emails[n]!)!;
  expect(byEmail.size).toBe(19);
  const bulk = await request.post(`/api/admin/webinars/${webinar.id}/registrations/status`, { data: { ids: [0, 1, 2, 3, 4, 5, 6, 7].map((n) => registration(n).id), status: 'attended' }, headers });
  expect(bulk.status(), await bulk.text()).toBe(200);
  expect(await bulk.json()).toEqual({ updated: 8 });
  const one = await request.patch(`/api/admin/registrations/${registration(8).id}`, { data: { status: 'attended' }, headers });
  expect(one.status(), await one.text()).toBe(200);
  const absent = await request.post(`/api/admin/webinars/${webinar.id}/registrations/status`, { data: { ids: [16, 17, 18].map((n) => registration(n).id), status: 'no-show' }, headers });
  expect(absent.status(), await absent.text()).toBe(200);
  for (const n of [0, 1, 2, 3]) {
    const response = await request.post('/api/leads', { data: { firstName: `Personne${n}`, lastName: 'Graphique', email: emails[n], type: 'contact', message: 'Rappelez-moi.' }, headers });
    expect(response.status(), await response.text()).toBe(201);
  }
  for (const n of [0, 1]) {
    const response = await request.patch(`/api/admin/leads/${registration(n).leadId}`, { data: { status: 'qualified' }, headers });
    expect(response.status(), await response.text()).toBe(200);
  }

  // The figures the page draws, as the API answers them (other tests of this worker may add to them).
  const answer = await request.get('/api/admin/analytics?period=30d');
  expect(answer.status()).toBe(200);
  const { funnel: figures, sessions: held } = (await answer.json()) as AnalyticsJson;
  const steps = [figures.registered, figures.attended, figures.contactRequested, figures.qualified];
  // Four distinct, non-zero lengths: a bar drawn from the wrong origin or stacked could not pass.
  expect(figures.registered).toBeGreaterThanOrEqual(19);
  expect(new Set(steps).size).toBe(4);
  expect(Math.min(...steps)).toBeGreaterThan(0);
  const session = held.find((each) => each.id === webinar.id)!;
  expect(session).toMatchObject({ registrations: 19, attended: 9 });

  await signIn(page);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/analytics');
    const measure = (name: RegExp) =>
      page.getByRole('img', { name }).evaluate((figure) => {
        // The chart's own svg: a legend draws each swatch as a small svg before it.
        const svg = [...figure.querySelectorAll('svg')].reduce((widest, each) => (each.getBoundingClientRect().width > widest.getBoundingClientRect().width ? each : widest));
        const box = svg.getBoundingClientRect();
        const bars = [...svg.querySelectorAll('rect')].map((rect) => {
          const r = rect.getBoundingClientRect();
          return { left: r.left, width: r.width };
        });
        const labels = [...svg.querySelectorAll('text')].map((text) => {
          const r = text.getBoundingClientRect();
          return { text: text.textContent, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 };
        });
        return { bars, labels };
      });

    const funnel = await measure(
      new RegExp(`^Entonnoir : Inscrits ${figures.registered}, Présents ${figures.attended}, Demande de contact ${figures.contactRequested}, Qualifiés ${figures.qualified}\\.$`),
    );
    expect(funnel.bars).toHaveLength(4);
    const [registered, present, asked, qualified] = funnel.bars;
    // All from the same origin (zero), lengths in proportion to the API's figures.
    for (const bar of funnel.bars) expect(Math.abs(bar!.left - registered!.left)).toBeLessThan(1);
    expect(present!.width / registered!.width).toBeCloseTo(figures.attended / figures.registered, 2);
    expect(asked!.width / registered!.width).toBeCloseTo(figures.contactRequested / figures.registered, 2);
    expect(qualified!.width / registered!.width).toBeCloseTo(figures.qualified / figures.registered, 2);
    expect(funnel.labels.map((label) => label.text)).toEqual(expect.arrayContaining(steps.map(String)));
    for (const label of funnel.labels) expect(label, `${label.text} at ${viewport.width} px`).toMatchObject({ inside: true });

    // Each session: its present bar inside its registrations bar, both from zero, not one after the other
    // (the registrations bars first, in the API's order, then the present ones).
    const sessions = await measure(new RegExp(`^Barres : inscriptions et présents de ${countOf(held.length, 'session', 'sessions')}\\.$`));
    expect(sessions.bars).toHaveLength(2 * held.length);
    const index = held.indexOf(session);
    const [registrations, attended] = [sessions.bars[index], sessions.bars[held.length + index]];
    expect(Math.abs(attended!.left - registrations!.left)).toBeLessThan(1);
    expect(attended!.width / registrations!.width).toBeCloseTo(session.attended / session.registrations, 2);
    for (const label of sessions.labels) expect(label, `${label.text} at ${viewport.width} px`).toMatchObject({ inside: true });
  }
  expect(await seriousViolations(page)).toEqual([]);
});
