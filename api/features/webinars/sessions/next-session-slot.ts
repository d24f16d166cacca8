/**
 * What the next-session slot of the public pages says (decision 052), from the copy in
 * site/content/webinar.yaml (`session`, also checked by the site's content schema at build time) and
 * the next session as the database has it (api/features/webinars/sessions/next-session.ts).
 */
import { readFileSync } from 'node:fs';
import { contentFile } from '../../../platform/paths.ts';
import { parse } from 'yaml';
import { z } from 'zod';
import type { NextSession } from './next-session.ts';
import { swissDateTime } from '../../../platform/mail/dates.ts';
import { escapeHtml } from '../../../platform/lib/signed-message.ts';
import { typesetFrench } from '../../../platform/lib/french-typography.ts';

export const WEBINAR_CONTENT_FILE = contentFile('webinar.yaml');
/** "Plus que N places" from this many seats left. */
export const FEW_SEATS = 10;

const sessionCopySchema = z.object({
  session: z.object({ next: z.string(), fewSeats: z.string(), lastSeat: z.string(), full: z.string(), none: z.string() }),
});
export type SessionCopy = z.output<typeof sessionCopySchema>['session'];

export function loadSessionCopy(file = WEBINAR_CONTENT_FILE): SessionCopy {
  return sessionCopySchema.parse(parse(readFileSync(file, 'utf8'))).session;
}

/** The slot's inner HTML: one line for the date (or "soon"), one for the seats when few or none are left. */
export function nextSessionHtml(copy: SessionCopy, session: NextSession): string {
  if (!session) return `<span data-next-session-date>${escapeHtml(typesetFrench(copy.none))}</span>`;
  const lines = [`<span data-next-session-date>${escapeHtml(typesetFrench(copy.next.replace('{date}', swissDateTime(session.datetime))))}</span>`];
  let seats: string | undefined;
  if (session.seatsLeft === 0) seats = copy.full;
  else if (session.seatsLeft === 1) seats = copy.lastSeat;
  else if (session.seatsLeft <= FEW_SEATS) seats = copy.fewSeats.replace('{seats}', String(session.seatsLeft));
  if (seats) lines.push(`<span data-next-session-seats>${escapeHtml(typesetFrench(seats))}</span>`);
  return lines.join(' ');
}
