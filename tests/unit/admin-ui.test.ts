/**
 * The back office's pure rules: pagination items, the sidebar's active link, the avatar
 * letter, the dashboard's percentage wording, the login redirect guard, and dates in Swiss time.
 */
import { HTTPError } from 'ky';
import { describe, expect, test } from 'vitest';
import { formatDateTime, formatDue, formatLong, formatPPP, todayInZurich, zurichLocalToIso } from '../../site/admin/lib/dates.ts';
import { errorMessage } from '../../site/admin/lib/http.ts';
import { pageCount, pageItems } from '../../site/admin/ui/pagination.tsx';
import { activeLink, avatarLetter } from '../../site/admin/ui/Layout.tsx';
import { percentageText } from '../../site/admin/features/dashboard/Dashboard.tsx';
import { destination } from '../../site/admin/login/LoginApp.tsx';

describe('pagination', () => {
  test('pages are the total divided by the limit, rounded up, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(25, 10)).toBe(3);
  });

  test('first, last, current ±1, with ellipses where pages are skipped', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
  });
});

describe('sidebar', () => {
  test('the active link is the one the path equals or continues after a slash (the most specific)', () => {
    expect(activeLink('/admin')).toBe('/admin');
    expect(activeLink('/admin/')).toBe('/admin');
    expect(activeLink('/simple-admin')).toBe('/admin');
    expect(activeLink('/admin/leads')).toBe('/admin/leads');
    expect(activeLink('/admin/leads/12/edit')).toBe('/admin/leads');
    expect(activeLink('/admin/leadsx')).toBe('/admin');
    expect(activeLink('/admin/webinars/3/registrations')).toBe('/admin/webinars');
    expect(activeLink('/admin/webinar/3/registrations')).toBe('/admin/webinars');
    expect(activeLink('/admin', 'webinars')).toBe('/admin/webinars');
    expect(activeLink('/admin/settings')).toBe('/admin/settings');
    // The agenda of calls is reached from Tâches, without an entry of its own.
    expect(activeLink('/admin/bookings')).toBe('/admin/tasks');
    expect(activeLink('/admin-dev')).toBeUndefined();
  });

  test('the avatar falls back to the first name, then the email, then "U"', () => {
    expect(avatarLetter({ firstName: 'élodie', email: 'x@example.ch' })).toBe('É');
    expect(avatarLetter({ firstName: '', email: 'marc@example.ch' })).toBe('M');
    expect(avatarLetter({ firstName: null, email: '' })).toBe('U');
    expect(avatarLetter(null)).toBe('U');
  });
});

test('the dashboard words the monthly change as specified', () => {
  expect(percentageText(12)).toBe('+12% depuis le mois dernier');
  expect(percentageText(-5)).toBe('-5% depuis le mois dernier');
  expect(percentageText(0)).toBe('Aucune évolution depuis le mois dernier');
  // No new contact the month before: no percentage (the API's 100 would read "+100 %").
  expect(percentageText(100, 0)).toBe('Aucun nouveau contact le mois dernier');
  expect(percentageText(0, 0)).toBe('Aucune évolution depuis le mois dernier');
  expect(percentageText(100, 3)).toBe('+100% depuis le mois dernier');
  expect(percentageText(-100, 5)).toBe('-100% depuis le mois dernier');
});

test('after sign-in, only an admin path is accepted as the destination', () => {
  expect(destination('')).toBe('/simple-admin');
  expect(destination('?next=%2Fadmin%2Fleads%3Fpage%3D2')).toBe('/admin/leads?page=2');
  expect(destination('?next=/admin-dev')).toBe('/admin-dev');
  expect(destination('?next=https://evil.example')).toBe('/simple-admin');
  expect(destination('?next=//evil.example/admin')).toBe('/simple-admin');
  expect(destination('?next=/administrateur')).toBe('/simple-admin');
});

describe('dates in Swiss time, in French', () => {
  test('the three display formats', () => {
    // 17:30 UTC in winter is 18:30 in Zurich; in summer, 19:30.
    // Long dates are written as in prose: no leading zero, "1er" for the first of a month (decision 092).
    expect(formatLong('2026-12-03T17:30:00.000Z')).toBe('3 décembre 2026 à 18 h 30');
    expect(formatLong('2026-12-01T17:30:00.000Z')).toBe('1er décembre 2026 à 18 h 30');
    expect(formatDateTime('2026-07-01T17:30:00.000Z')).toBe('01/07/2026 à 19:30');
    expect(formatPPP('2026-03-05T08:05:00.000Z')).toBe('5 mars 2026 à 09:05');
    // 22:30 UTC on 31 March is already 1 April in Zurich (summer time).
    expect(formatPPP('2026-03-31T22:30:00.000Z')).toBe('1er avril 2026 à 00:30');
    expect(formatLong(null)).toBe('');
  });

  test('due dates are calendar days, never shifted by a zone', () => {
    expect(formatDue('2026-12-01')).toBe('01/12/2026');
    expect(formatDue('2026-11-30T23:30:00.000Z')).toBe('01/12/2026');
  });

  test('a Swiss wall-clock date and time become the right instant, across daylight saving time', () => {
    expect(zurichLocalToIso('2026-12-03', '18:30')).toBe('2026-12-03T17:30:00.000Z');
    expect(zurichLocalToIso('2026-07-01', '18:30')).toBe('2026-07-01T16:30:00.000Z');
    expect(zurichLocalToIso('2026-03-29', '03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(zurichLocalToIso('', '18:30')).toBeUndefined();
    expect(zurichLocalToIso('2026-12-03', '')).toBeUndefined();
  });

  test("today is Zurich's today", () => {
    // 23:30 UTC on 31 December is already 1 January in Zurich.
    expect(todayInZurich(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
  });
});

function httpError(status: number, statusText: string, data: unknown) {
  const error = new HTTPError(new Response(null, { status, statusText }), new Request('http://localhost/api/x'), {} as never);
  error.data = data;
  return error;
}

test("errors show the API's French message, else status and text", () => {
  expect(errorMessage(httpError(409, 'Conflict', { message: 'Un contact avec cet email existe déjà.' }))).toBe('Un contact avec cet email existe déjà.');
  expect(errorMessage(httpError(502, 'Bad Gateway', 'upstream down'))).toBe('502: upstream down');
  expect(errorMessage(httpError(504, 'Gateway Timeout', undefined))).toBe('504: Gateway Timeout');
});

test('an unknown failure still reads as a French sentence', () => {
  expect(errorMessage(new Error('Erreur lors de la déconnexion'))).toBe('Erreur lors de la déconnexion');
  expect(errorMessage('???')).toBe('Une erreur inattendue est survenue.');
});
