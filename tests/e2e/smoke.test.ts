import { test as base, expect } from '@playwright/test';
import { startProductionServer, removeDataDir } from './server.ts';
import { enrolTotp } from './second-factor.ts';

/** The production server as a new user runs it: pages, 404, health, and data surviving a restart. */
base('npm start serves the site, the 404 page and the API, and keeps data across a restart', { tag: '@empty-database' }, async ({ page, request }) => {
  // Two cold starts from an empty data folder, migrations included, as a new install: about 10 s each on
  // a quiet machine, and three to four times that on a loaded one (one run on a shared machine hit the
  // 60 s budget meant for one journey).
  base.setTimeout(180_000);
  const first = await startProductionServer();
  try {
    const home = await request.get(`${first.url}/`);
    expect(home.status()).toBe(200);
    expect(await home.text()).toContain('<html lang="fr"');

    const missing = await page.goto(`${first.url}/nimporte-quoi`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();

    const health = await request.get(`${first.url}/api/health`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });

    const created = await request.post(`${first.url}/api/leads`, {
      data: { firstName: 'Léa', lastName: 'Favre', email: 'lea.favre@example.ch', type: 'contact', message: 'Bonjour' },
    });
    expect(created.status()).toBe(201);
  } finally {
    expect(await first.stop()).toBe(0);
  }

  const second = await startProductionServer({}, first.dataDir);
  try {
    // The setup code is in the log before the ready line (it used to be written after it, now and then).
    const output = second.output();
    expect(output.indexOf("Code d'installation :")).toBeGreaterThanOrEqual(0);
    expect(output.indexOf("Code d'installation :")).toBeLessThan(output.indexOf('Serveur prêt sur'));
    const setup = await request.post(`${second.url}/api/simple-auth/setup-admin`, {
      data: { email: 'admin@example.ch', password: 'un-mot-de-passe-solide', firstName: 'Admin', lastName: 'Utilisateur', setupCode: second.setupCode() },
      headers: { origin: second.url },
    });
    expect(setup.status()).toBe(201);
    // Production requires a second factor: the new administrator adds an authenticator app first.
    expect((await request.get(`${second.url}/api/admin/leads`)).status()).toBe(403);
    await enrolTotp(request, second.url, 'admin@example.ch');
    const leads = await request.get(`${second.url}/api/admin/leads?search=lea.favre`);
    expect(leads.status()).toBe(200);
    const body = await leads.json();
    expect(body.leads.map((lead: { email: string }) => lead.email)).toEqual(['lea.favre@example.ch']);
  } finally {
    await second.stop();
    removeDataDir(first.dataDir);
  }
});
