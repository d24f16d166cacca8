/**
 * The manage and reschedule pages keep a time ("à 10 h 00") and "e-mail" on one line, as the
 * confirmation page does (decision 119), at phone and desktop widths: the text holds no-break
 * spaces and a word joiner where a line must not end, and no such word is drawn on two lines. The
 * journey moves the seeded call from its manage page and reads the message the page shows after it.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, SECRET } from '../public-pages-server.ts';
import { manageToken } from '../../../api/features/booking/index.ts';

const SCREENSHOTS = process.env.PAGES_SCREENSHOTS;

/** A time ("10 h 00") or "e-mail(s)", whatever spaces or joiners the page put inside. */
const UNBREAKABLE = /\d{1,2}[\s\u00a0]h[\s\u00a0]\d{2}|\be-\u2060?mails?\b/g;

interface Found {
  text: string;
  /** The distinct line tops the browser drew the words on. */
  lines: number;
}

/** Every time and "e-mail" in the element's text, with the number of lines each is drawn on. */
async function unbreakables(locator: Locator): Promise<Found[]> {
  return locator.evaluate((element, source) => {
    const pattern = new RegExp(source, 'g');
    const found: Array<{ text: string; lines: number }> = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        found.push({ text: match[0], lines: tops.size });
      }
    }
    return found;
  }, UNBREAKABLE.source);
}

/** What a person sees: each word on one line, joined by characters that forbid a line break there. */
async function expectUnbroken(locator: Locator, expected: { times: number; emails: number }) {
  const found = await unbreakables(locator);
  expect(found.filter((item) => /h/.test(item.text)).length, 'times').toBe(expected.times);
  expect(found.filter((item) => /mail/.test(item.text)).length, 'e-mails').toBe(expected.emails);
  for (const item of found) {
    expect(item.text, JSON.stringify(item.text)).not.toMatch(/ /);
    if (/mail/.test(item.text)) expect(item.text).toContain('-\u2060');
    expect(item.lines, `${JSON.stringify(item.text)} drawn on one line`).toBe(1);
  }
}

async function narrowEnoughToWrap(page: Page) {
  // The test means something only where lines do wrap: the intros run over several lines.
  const intro = page.getByText(/Un autre moment vous convient mieux/);
  const box = (await intro.boundingBox())!;
  expect(box.height).toBeGreaterThan(40);
}

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test(`${label}: the manage page keeps the call's time and "e-mail" on one line`, async ({ page, seeded }) => {
    await page.setViewportSize(viewport);
    const id = seeded.bookingId;
    await page.goto(`/rendez-vous/gerer/?booking=${id}&token=${manageToken(SECRET, id)}`);
    const when = page.locator('[data-booking-field="when"]');
    await expect(when).toContainText('(heure suisse)');
    await expectUnbroken(when, { times: 1, emails: 0 });
    await narrowEnoughToWrap(page);
    // The intros above the two buttons: "par e-mail", "vos e-mails".
    await expectUnbroken(page.locator('[data-booking-state="actions"]'), { times: 0, emails: 2 });
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/manage-${viewport.width}.png`, fullPage: true });

    // "Choisir un autre créneau": the booking page in reschedule mode names the current time.
    await page.getByRole('link', { name: 'Choisir un autre créneau' }).click();
    const current = page.locator('[data-booking-current]');
    await expect(current).toContainText('(heure suisse)');
    await expectUnbroken(current, { times: 1, emails: 0 });
    await expectUnbroken(page.locator('[data-booking-current]').locator('xpath=..'), { times: 1, emails: 1 });
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/reschedule-${viewport.width}.png` });
  });
}

test('after a move, the manage page says the new time on one line', async ({ page, seeded }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = seeded.bookingId;
  await page.goto(`/rendez-vous/?booking=${id}&token=${manageToken(SECRET, id)}`);
  // The last free start offered: never the call's own time.
  const radio = page.getByRole('radio').last();
  const start = (await radio.getAttribute('value'))!;
  await page.locator('label', { has: page.locator(`input[value="${start}"]`) }).click();
  await expect(radio).toBeChecked();
  await page.getByRole('button', { name: 'Déplacer le rendez-vous' }).click();

  await expect(page).toHaveURL(/\/rendez-vous\/gerer\/\?/);
  const message = page.locator('[data-server-message-text]');
  await expect(message).toContainText('Votre rendez-vous est déplacé au');
  await expectUnbroken(message, { times: 1, emails: 1 });
  await expectUnbroken(page.locator('[data-booking-field="when"]'), { times: 1, emails: 0 });
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/moved-390.png`, fullPage: true });
});
