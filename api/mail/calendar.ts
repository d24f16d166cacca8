/**
 * Calendar files (RFC 5545) made with the `ics` package: one VEVENT per registration whose UID never
 * changes, so a calendar updates or removes the same entry (METHOD:CANCEL for a cancelled session).
 * Times are written in UTC, which every calendar converts to its own zone.
 */
import { createEvent } from 'ics';

export interface CalendarSession {
  /** Stable per registration: `registration-42@<host>`. */
  uid: string;
  title: string;
  description: string;
  start: Date;
  durationMinutes: number;
  location: string;
  joinUrl: string | null;
  /** Raised for every change of an existing event (issue 13's updates). */
  sequence?: number;
}

export function registrationUid(registrationId: number, publicUrl: string): string {
  return `webinar-registration-${registrationId}@${new URL(publicUrl).hostname}`;
}

export function calendarFile(session: CalendarSession, method: 'REQUEST' | 'PUBLISH' | 'CANCEL'): string {
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
    location: session.location === 'online' && session.joinUrl ? session.joinUrl : session.location,
    ...(session.joinUrl ? { url: session.joinUrl } : {}),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('calendar file not generated');
  return value;
}
