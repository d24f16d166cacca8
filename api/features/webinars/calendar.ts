/**
 * Calendar files (RFC 5545, iTIP RFC 5546) made with the `ics` package: one VEVENT per registration
 * whose UID never changes, so a calendar updates or removes the same entry (decisions 055 and 090).
 * A seat's file is a METHOD:REQUEST naming the sender as ORGANIZER (the brand as CN) and the person as
 * ATTENDEE (already accepted, no reply expected); its withdrawal is a METHOD:CANCEL with the same UID,
 * ORGANIZER and ATTENDEE and a higher SEQUENCE. iTIP allows no ATTENDEE in a PUBLISH, hence REQUEST.
 * Times are written in UTC, which every calendar converts to its own zone. Lines are folded at 75
 * octets (not characters), which `ics` does not do (api/platform/lib/calendar-lines.ts).
 */
import { createEvent } from 'ics';
import { webinarLocationLabel } from '../../schemas/webinars.ts';
import { foldLine, refold } from '../../platform/lib/calendar-lines.ts';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarSession {
  /** Stable per registration: `webinar-registration-42@<host>`. */
  uid: string;
  title: string;
  description: string;
  start: Date;
  durationMinutes: number;
  location: string;
  joinUrl: string | null;
  /** Raised for every change of an existing event (decision 055). */
  sequence?: number;
  /** The sender address, with the brand as its name. */
  organizer: CalendarPerson;
  /** The person whose registration the file is about. */
  attendee?: CalendarPerson;
}

export function registrationUid(registrationId: number, publicUrl: string): string {
  return `webinar-registration-${registrationId}@${new URL(publicUrl).hostname}`;
}

export { foldLine, refold };

export function calendarFile(session: CalendarSession, method: CalendarMethod): string {
  const description = session.joinUrl ? `${session.description}\n\n${session.joinUrl}` : session.description;
  const { error, value } = createEvent({
    productId: 'innercircle/emails',
    method,
    uid: session.uid,
    sequence: session.sequence ?? (method === 'CANCEL' ? 1 : 0),
    title: session.title,
    description,
    start: session.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: session.start.getTime() + session.durationMinutes * 60_000,
    endInputType: 'utc',
    endOutputType: 'utc',
    // The stored `online` is a code, not a place: a calendar shows the join link, or "En ligne" before it is known.
    location: session.location === 'online' && session.joinUrl ? session.joinUrl : webinarLocationLabel(session.location),
    ...(session.joinUrl ? { url: session.joinUrl } : {}),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: session.organizer.name, email: session.organizer.email },
    ...(session.attendee
      ? { attendees: [{ name: session.attendee.name, email: session.attendee.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] }
      : {}),
  });
  if (error || !value) throw error ?? new Error('calendar file not generated');
  return refold(value);
}
