/**
 * Calendar files (RFC 5545, iTIP RFC 5546) made with the `ics` package, shared by every feature that
 * sends one (webinar seats, booked calls). One VEVENT whose UID never changes, so a calendar updates or
 * removes the same entry (decisions 055 and 090): a METHOD:REQUEST names the ORGANIZER and the ATTENDEE
 * (already accepted, no reply expected); its withdrawal is a METHOD:CANCEL with the same UID, ORGANIZER
 * and ATTENDEE and a higher SEQUENCE. iTIP allows no ATTENDEE in a PUBLISH, hence REQUEST.
 * Times are written in UTC, which every calendar converts to its own zone. Lines are folded at 75
 * octets (not characters), which `ics` does not do (../lib/calendar-lines.ts).
 */
import { createEvent } from 'ics';
import { foldLine, refold } from '../lib/calendar-lines.ts';

export { foldLine, refold };

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
    ...(event.attendee ? { attendees: [{ name: event.attendee.name, email: event.attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] } : {}),
  });
  if (error || !value) throw error ?? new Error('calendar file not generated');
  return refold(value);
}

/** The attachment carrying a calendar file. */
export function calendarAttachmentOf(ics: string, method: CalendarMethod): { filename: string; content: string; contentType: string; method: CalendarMethod } {
  return { filename: method === 'CANCEL' ? 'annulation.ics' : 'invitation.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${method}`, method };
}
