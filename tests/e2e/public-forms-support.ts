/** The public forms tests' helpers (decisions 008, 011, 040): the leads seen through the admin API, unique emails, and the lead posts recorded, held, and shown in a toast. */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect } from './fixtures.ts';
import { adminApi } from './admin-helpers.ts';

interface Lead {
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  type: string;
}

export async function leadsMatching(request: APIRequestContext, baseURL: string, search: string): Promise<Lead[]> {
  // The worker's administrator (tests/e2e/admin-helpers.ts); the visitor's page stays signed out.
  await adminApi(request, baseURL);
  const response = await request.get(`/api/admin/leads?search=${encodeURIComponent(search)}`);
  expect(response.status()).toBe(200);
  return (await response.json()).leads;
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ch`;
}

/** Records the lead submissions the page sends. */
export function recordLeadPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/leads') posts.push(request);
  });
  return posts;
}

/** Holds lead submissions until `release()`, so the pending state can be seen. */
export async function holdLeadPosts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/leads', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

export const toast = (page: Page) => page.getByRole('status').filter({ has: page.locator('[data-variant]') });
