/**
 * The landing page's first response fits TCP's first window with 300 B to spare (decision 120):
 * headers and body together, as Chromium receives them (brotli, the server's default for a browser),
 * measured as `npm run bench` measures it (bench/pages.ts: the request's sizes). The page is served
 * with its next-session slot filled at its longest: a session to come with few seats left.
 */
import { test, expect } from './public-pages-server.ts';
import { FIRST_RESPONSE_LIMIT_BYTES } from '../../bench/report-pages.ts';

for (const path of ['/', '/innercircle/']) {
  test(`${path}: headers and body of the first response within ${FIRST_RESPONSE_LIMIT_BYTES} B`, async ({ page }) => {
    const response = (await page.goto(path))!;
    expect(response.status()).toBe(200);
    expect(await response.headerValue('content-encoding')).toBe('br');
    // The slot at its longest: the date, then the seats left.
    await expect(page.locator('[data-next-session-seats]').first()).toContainText('7');
    const sizes = await response.request().sizes();
    const total = sizes.responseHeadersSize + sizes.responseBodySize;
    expect(sizes.responseBodySize).toBeGreaterThan(5_000);
    expect(total, `headers ${sizes.responseHeadersSize} B + body ${sizes.responseBodySize} B`).toBeLessThanOrEqual(FIRST_RESPONSE_LIMIT_BYTES);
  });
}
