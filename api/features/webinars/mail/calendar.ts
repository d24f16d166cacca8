/**
 * A seat's calendar file (the generic writer: api/platform/mail/calendar.ts): one VEVENT per registration
 * whose UID never changes, so a calendar updates or removes the same entry (decisions 055 and 090).
 * A seat's file is a METHOD:REQUEST naming the sender as ORGANIZER (the brand as CN) and the person as
 * ATTENDEE (already accepted, no reply expected); its withdrawal is a METHOD:CANCEL with the same UID,
 * ORGANIZER and ATTENDEE and a higher SEQUENCE. iTIP allows no ATTENDEE in a PUBLISH, hence REQUEST.
 * Times are written in UTC, which every calendar converts to its own zone.
 */
import { webinarLocationLabel } from '../contract/index.ts';
import { calendarEventFile, type CalendarMethod, type CalendarPerson } from '../../../platform/mail/calendar.ts';

export { foldLine, refold } from '../../../platform/lib/calendar-lines.ts';
export type { CalendarMethod, CalendarPerson };

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

export function calendarFile(session: CalendarSession, method: CalendarMethod): string {
  return calendarEventFile(
    {
      uid: session.uid,
      sequence: session.sequence ?? (method === 'CANCEL' ? 1 : 0),
      title: session.title,
      description: session.joinUrl ? `${session.description}\n\n${session.joinUrl}` : session.description,
      start: session.start,
      end: new Date(session.start.getTime() + session.durationMinutes * 60_000),
      // The stored `online` is a code, not a place: a calendar shows the join link, or "En ligne" before it is known.
      location: session.location === 'online' && session.joinUrl ? session.joinUrl : webinarLocationLabel(session.location),
      url: session.joinUrl,
      organizer: session.organizer,
      ...(session.attendee ? { attendee: session.attendee } : {}),
    },
    method,
  );
}
