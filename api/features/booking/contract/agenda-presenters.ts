import { iso, text } from '../../../contract/presenting.ts';
import type { BookingStatus } from './booking-statuses.ts';

export interface AgendaRow {
  id: number;
  startAt: Date;
  endAt: Date;
  status: BookingStatus;
  hostId: number;
  message: string | null;
  leadId: number;
  leadFirstName: string;
  leadLastName: string | null;
  leadEmail: string;
}

/** One call of the team's agenda: its time, status and host, the person and what they wrote. */
export function presentAgendaBooking(row: AgendaRow) {
  return {
    id: row.id,
    start: iso(row.startAt)!,
    end: iso(row.endAt)!,
    status: row.status,
    hostId: row.hostId,
    lead: { id: row.leadId, firstName: row.leadFirstName, lastName: text(row.leadLastName), email: row.leadEmail },
    message: text(row.message),
  };
}
export type AgendaBookingJson = ReturnType<typeof presentAgendaBooking>;

export function presentAgenda(rows: AgendaRow[]) {
  return { bookings: rows.map(presentAgendaBooking) };
}
export type AgendaJson = ReturnType<typeof presentAgenda>;
