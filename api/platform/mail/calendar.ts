/**
 * Calendar files (RFC 5545, iTIP RFC 5546) made with the `ics` package, shared by every feature that
 * sends one (webinar seats, booked calls). One VEVENT whose UID never changes, so a calendar updates or
 * removes the same entry (decisions 055 and 090): a METHOD:REQUEST names the ORGANIZER and the ATTENDEE
 * (already accepted, no reply expected); its withdrawal is a METHOD:CANCEL with the same UID, ORGANIZER
 * and ATTENDEE and a higher SEQUENCE. iTIP allows no ATTENDEE in a PUBLISH, hence REQUEST.
 * Times are written in UTC, which every calendar converts to its own zone. Lines are folded at 75
 * octets (not characters), which `ics` does not do.
 */
import { createEvent } from 'ics';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  location: string;
  url?: string | null;
  /** Raised for every change of an existing event (decision 055). */
  sequence: number;
  organizer: CalendarPerson;
  attendee?: CalendarPerson;
}

const MAX_LINE_OCTETS = 75;

/**
 * RFC 5545 3.1: a content line longer than 75 octets is split with CRLF and one space; the split never
 * falls inside a UTF-8 sequence (code points are kept whole, so each piece stays valid UTF-8).
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  // The first line has 75 octets; each continuation line has the leading space plus 74.
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

/** Undoes any folding (`ics` folds by characters with a tab) and folds every line again by octets. */
export function refold(calendar: string): string {
  return calendar
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldLine)
    .join('\r\n');
}

/** One event as a REQUEST (add or update) or a CANCEL (remove). */
export function calendarEventFile(event: CalendarEvent, method: CalendarMethod): string {
  const { error, value } = createEvent({
    productId: 'innercircle/emails',
    method,
    uid: event.uid,
    sequence: event.sequence,
    title: event.title,
    description: event.description,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: event.location,
    ...(event.url ? { url: event.url } : {}),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: event.organizer.name, email: event.organizer.email },
    ...(event.attendee
      ? { attendees: [{ name: event.attendee.name, email: event.attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] }
      : {}),
  });
  if (error || !value) throw error ?? new Error('calendar file not generated');
  return refold(value);
}

/** The attachment carrying a calendar file. */
export function calendarAttachmentOf(ics: string, method: CalendarMethod): { filename: string; content: string; contentType: string } {
  return { filename: method === 'CANCEL' ? 'annulation.ics' : 'invitation.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` };
}
