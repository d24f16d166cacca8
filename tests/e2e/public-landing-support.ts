/** The landing page tests' shared measures: viewport sizes, the full fonts' folder, and where smooth scrolling settles a section. */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const FULL_FONTS = path.resolve(import.meta.dirname, '..', '..', 'site', 'public', 'fonts');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Distance from the viewport top to the section, once smooth scrolling has settled on it. */
export async function expectSectionAt(page: Page, id: string, top: number) {
  await expect(async () => {
    const box = await page.locator(`#${id}`).boundingBox();
    expect(Math.round(box!.y)).toBe(top);
  }).toPass({ timeout: 5000 });
}
