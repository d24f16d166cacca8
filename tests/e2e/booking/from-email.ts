/**
 * A discovery call booked from an e-mail's button (the webinar follow-up, a sequence's step), shared by the
 * journeys that follow one (webinars/funnel.test.ts, sequences-journey.test.ts): the team hosts calls every
 * day, all day, and the button's page, opened in a browser without JavaScript, books the first time offered.
 */
import type { Browser } from '@playwright/test';
import pg from 'pg';
import { expect } from '../fixtures.ts';

/** The first user of the database hosts calls every day from 00:00 to 23:30, whatever day and hour the journey runs. */
export async function hostAllWeek(databaseUrl: string, calendarToken: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));
    await client.query(
      `insert into booking_hosts (user_id, is_host, weekly, calendar_token) select id, true, $1, $2 from users order by id limit 1
       on conflict (user_id) do update set is_host = true, weekly = excluded.weekly`,
      [JSON.stringify(allWeek), calendarToken],
    );
  } finally {
    await client.end();
  }
}

/** The `/rendez-vous/?lead=…&token=…` address in an e-mail's text part. */
export function bookingLinkIn(text: string | undefined): URL {
  const match = /(https?:\/\/\S+\/rendez-vous\/\?lead=\d+&token=[\w-]+)/.exec(text ?? '');
  expect(match, 'a booking link made for the person').not.toBeNull();
  return new URL(match![1]!);
}

/**
 * Follows `link` on `baseURL` in a browser without JavaScript: the form comes filled with the person's
 * first name and address, the last name is typed, the first time offered is chosen, and the call is booked.
 */
export async function bookWithoutScript(browser: Browser, baseURL: string, link: URL, person: { firstName: string; lastName: string; email: string }): Promise<void> {
  const withoutScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const booking = await withoutScript.newPage();
    await booking.goto(new URL(`${link.pathname}${link.search}`, baseURL).toString());
    await expect(booking.getByRole('textbox', { name: 'Prénom', exact: true })).toHaveValue(person.firstName);
    await expect(booking.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(person.email);
    await booking.getByRole('textbox', { name: 'Nom', exact: true }).fill(person.lastName);
    // A person clicks the time they read (the radio itself is visually hidden inside its label).
    const start = (await booking.getByRole('radio').first().getAttribute('value'))!;
    await booking.locator('label', { has: booking.locator(`input[value="${start}"]`) }).click();
    await expect(booking.getByRole('radio').first()).toBeChecked();
    await booking.getByRole('button', { name: 'Confirmer le rendez-vous' }).click();
    await expect(booking).toHaveURL(/\/rendez-vous\/confirme\//);
    await expect(booking.locator('[data-server-message]')).toContainText('Votre appel découverte est réservé le');
  } finally {
    await withoutScript.close();
  }
}
