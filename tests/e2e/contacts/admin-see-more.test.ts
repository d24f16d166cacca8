/**
 * A contact's page shows its 20 newest activities, then "Voir plus" adds 20 at a time until all are
 * shown (docs/decisions/089-contact-lists-are-paginated.md): usable with the keyboard, focus on the
 * first new activity, no serious axe violation.
 */
import { adminApi, expect, seriousViolations, signIn, test } from '../admin-helpers.ts';

test('a contact with 45 activities shows 20, then 40, then 45 and no more button', async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL!);
  const lead = await api.createLead({ firstName: 'Nora', lastName: 'Historique', email: 'nora@see-more.test' });
  // One after the other: activity 45 is the newest.
  for (let n = 1; n <= 45; n += 1) await api.addActivity(lead.id, { type: 'note', title: `Activité n° ${String(n).padStart(2, '0')}` });

  await signIn(page);
  await page.goto(`/admin/leads/${lead.id}`);
  const list = page.getByRole('list', { name: 'Activités du contact' });
  const titles = list.locator(':scope > li').locator('p.font-medium');
  const expected = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => `Activité n° ${String(from - index).padStart(2, '0')}`);
  await expect(titles).toHaveText(expected(45, 26));
  await expect(page.getByText('20 sur 45')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The keyboard: Tab reaches the button, Enter loads the next page and focus goes to its first activity.
  const more = page.getByRole('button', { name: 'Voir plus : activités' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(titles).toHaveText(expected(45, 6));
  await expect(list.locator(':scope > li').nth(20)).toBeFocused();
  await expect(page.getByText('40 sur 45')).toBeVisible();

  await more.click();
  await expect(titles).toHaveText(expected(45, 1));
  await expect(list.locator(':scope > li').nth(40)).toBeFocused();
  await expect(page.getByText('45 sur 45')).toBeVisible();
  await expect(more).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A new activity refreshes every page shown: 46 in all, the newest on top.
  await api.addActivity(lead.id, { type: 'note', title: 'Activité n° 46' });
  await page.reload();
  await expect(titles).toHaveCount(20);
  await expect(titles.first()).toHaveText('Activité n° 46');
  await expect(page.getByText('20 sur 46')).toBeVisible();
});
