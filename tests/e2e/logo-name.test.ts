/**
 * Label in name (WCAG 2.5.3): the logo link's accessible name contains its visible text, so a
 * voice-control user saying what they see ("click Clairval Inner Circle") reaches it. axe's
 * label-content-name-mismatch is an experimental rule, off in the default scans: run it explicitly
 * on every kind of public page.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';

const PUBLIC_PAGES = ['/', '/innercircle/', '/webinaire', '/innercircle/webinaire', '/page-inexistante', '/merci/?type=contact', '/erreur-envoi/?type=webinar'];

test('every public page: no element labelled through its content has a name without its visible text', async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(results.violations.map((violation) => violation.nodes.map((node) => node.target.join(' '))).flat(), path).toEqual([]);
    // The rule must really have looked at the logo links (header and footer), not skipped them.
    const checked = [...results.passes, ...results.incomplete].flatMap((result) => result.nodes.map((node) => node.target.join(' ')));
    expect(checked.length, path).toBeGreaterThan(0);
  }
});

test('the logo link is named by what it shows, then where it leads', async ({ page }) => {
  await page.goto('/webinaire');
  const logo = page.getByRole('banner').getByRole('link', { name: /^Clairval Inner Circle/ });
  await expect(logo).toHaveAttribute('href', '/innercircle');
  await expect(logo).toHaveAccessibleName(/^Clairval Inner Circle.*accueil/);
});
