// What the booking page's tests share: reading the served page and posting its form without JavaScript.
import { app } from './app-setup.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The text of an HTML fragment, entities and spaces normalised (the page uses no-break spaces). */
export function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

export const page = (query: Record<string, string> = {}) => app.client().get('/rendez-vous/', { query });
export const starts = (html: string) => [...html.matchAll(/<input type="radio" name="start" value="([^"]+)"/g)].map((match) => match[1]!);
export const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0].match(/ value="([^"]*)"/)?.[1];
export const serverMessage = (html: string) => /<p[^>]*data-server-message(?! hidden)[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];

export function formPost(body: Record<string, string>) {
  return app.client().request('POST', '/api/bookings', { body: new URLSearchParams(body).toString(), headers: FORM });
}

export async function slotsFromApi(days = 14): Promise<Array<{ date: string; slots: Array<{ start: string }> }>> {
  return (await app.client().get('/api/bookings/slots', { query: { days } })).body.days;
}
