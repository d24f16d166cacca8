/**
 * The Content-Security-Policy (no 'unsafe-inline' scripts) must not break any page: every inline
 * script Astro emits is allowed by its hash, so the browser reports no violation and islands hydrate.
 */
import { test, expect } from './fixtures.ts';
import { wakeVisibleIslands } from './islands.ts';

for (const path of ['/', '/webinaire', '/login', '/admin-dev', '/page-inconnue']) {
  test(`no Content-Security-Policy violation on ${path}`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
      });
    });
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Scroll through the page, then use every visible island so it hydrates (client:interaction's
    // inline script and Astro's own must both be allowed).
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    if (['/', '/webinaire'].includes(path)) expect((await wakeVisibleIslands(page)).length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}
