/**
 * The newsletter editor's desktop preview is readable at 1366 × 900 (decision 119): the 720 px
 * e-mail frame fits its column whole (it used to be cut off in a 460 px column), and the phone preview
 * stays beside the form.
 */
import type { Locator } from '@playwright/test';
import { expect, signIn, test } from './admin-helpers.ts';

/** Picks one of the preview's switches (a radio drawn as a button: its label takes the click). */
async function choose(radio: Locator) {
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

test('the desktop preview fits its column at 1366 × 900, the phone preview sits beside the form', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/admin/emails/newsletters/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle newsletter' })).toBeVisible();
  await page.getByLabel('Objet').fill('Aperçu à la bonne largeur');
  await page.getByLabel('Contenu (Markdown)').fill('## Respirer\n\nSix respirations par minute, **trois fois par jour**.');
  const iframe = page.locator('iframe[title="Aperçu de la newsletter"]');
  await expect(page.frameLocator('iframe[title="Aperçu de la newsletter"]').getByRole('heading', { name: 'Respirer' })).toBeVisible();

  await choose(page.getByRole('radio', { name: 'Ordinateur', exact: true }));
  await expect.poll(() => iframe.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(720);
  // The frame and the box that holds it: the whole frame inside, nothing to scroll sideways.
  await expect
    .poll(() =>
      iframe.evaluate((element) => {
        const frame = element.getBoundingClientRect();
        const box = element.parentElement!;
        const room = box.getBoundingClientRect();
        return { inside: frame.left >= room.left && frame.right <= room.right, scrolls: box.scrollWidth > box.clientWidth, onScreen: frame.right <= window.innerWidth };
      }),
    )
    .toEqual({ inside: true, scrolls: false, onScreen: true });

  // The phone preview (390 px) fits beside the form: the two columns come back.
  await choose(page.getByRole('radio', { name: 'Téléphone', exact: true }));
  await expect.poll(() => iframe.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(390);
  const form = (await page.getByRole('region', { name: 'Contenu' }).boundingBox())!;
  const frame = (await iframe.boundingBox())!;
  expect(frame.x).toBeGreaterThan(form.x + form.width);
  await page.screenshot({ path: test.info().outputPath('preview-phone-1366.png') });
});
