/** Tags in the browser (decision 066) — counts, sorting, the contacts of a tag, rename (merge) and delete with their counts. */
import { adminApi, expect, seriousViolations, signIn, test, toast } from '../admin-helpers.ts';

test('tags: sort, open the contacts of a tag, merge one into another, delete one', { tag: '@empty-database' }, async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const origin = { origin: new URL(baseURL!).origin };
  const contacts: Array<[string, string[]]> = [
    ['ana', ['VIP', 'Genève']],
    ['ben', ['vip', 'presse']],
    ['chloe', ['VIP']],
    ['dan', ['Genève']],
  ];
  for (const [name, tags] of contacts) {
    const lead = await api.createLead({ firstName: name, lastName: 'Tag', email: `${name}@tags.test` });
    for (const tag of tags) expect((await request.post(`/api/crm/leads/${lead.id}/tags`, { data: { tag }, headers: origin })).status()).toBe(201);
  }

  await signIn(page);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Liste des tags' });
  const firstCells = table.locator('tbody tr td:first-child');
  await expect(firstCells).toHaveText(['VIP', 'Genève', 'presse']);
  await expect(table.getByRole('row').filter({ hasText: 'VIP' })).toContainText('3 contacts');
  await table.getByRole('button', { name: /^Tag/ }).click();
  await expect(table.getByRole('columnheader', { name: /Tag/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstCells).toHaveText(['Genève', 'presse', 'VIP']);
  expect(await seriousViolations(page)).toEqual([]);
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`tags-${width}.png`), fullPage: true });
  }

  // A tag opens the contacts that carry it.
  await table.getByRole('link', { name: 'Genève' }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?tag=Gen%C3%A8ve$/);
  await expect(page.getByRole('button', { name: /Tag : Genève/ })).toBeVisible();
  const leads = page.getByRole('region', { name: 'Liste des contacts' });
  await expect(leads.locator('tbody tr')).toHaveCount(2);
  await page.goBack();

  // Renaming "presse" to "genève" merges it: the dialog says so, and how many contacts change.
  await table.getByRole('button', { name: 'Renommer le tag presse' }).click();
  const rename = page.getByRole('dialog', { name: 'Renommer le tag' });
  await rename.getByLabel('Nouveau nom').fill('genève');
  await expect(rename).toContainText('« presse » sera fusionné avec le tag existant « Genève » : 1 contact changeront.');
  expect(await seriousViolations(page)).toEqual([]);
  await rename.getByRole('button', { name: 'Fusionner' }).click();
  await expect(toast(page)).toContainText('Tags fusionnés');
  await expect(table.getByRole('row').filter({ hasText: /genève/i })).toContainText('3 contacts');
  await expect(table.getByRole('link', { name: 'presse' })).toHaveCount(0);

  await table.getByRole('button', { name: 'Supprimer le tag VIP' }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer ce tag ?' });
  await expect(confirm).toContainText('Le tag « VIP » sera retiré de 3 contacts.');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page)).toContainText('retiré de 3 contacts');
  await expect(table.getByRole('link', { name: 'VIP' })).toHaveCount(0);
  expect((await api.leads('chloe@tags.test'))[0]?.tags).toEqual([]);
});
