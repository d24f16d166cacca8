/** The agenda's calls (the team's bookings and the free starts to move one to), with their cache keys. */
import type { AgendaBookingJson, AgendaJson, BookingTeamStatus } from '#contract/booking';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';

export interface AgendaQuery {
  from?: string;
  to?: string;
  hostId?: string;
  status?: string;
  limit?: number;
}

/** `GET /api/bookings/slots`: the free starts, per Swiss day. */
export interface SlotsJson {
  timeZone: string;
  days: Array<{ date: string; slots: Array<{ start: string }> }>;
}

/**
 * A call marked, cancelled or moved shows in the agenda and the dashboard's card; its activity in the
 * tasks, on its contact and in the activity lists; and in the analytics' figures.
 */
const bookingTouches = (leadId: number): QueryKey[] => [['bookings'], ['tasks'], ['lead', String(leadId)], ['activities'], ['analytics']];

const bookingUrl = (id: number) => `${adminBase()}/bookings/${id}`;

export const bookingQueries = {
  list: (query: AgendaQuery) => ({
    key: ['bookings', 'list', adminBase(), JSON.stringify(query)] as const,
    fetcher: getJson<AgendaJson>(withQuery(`${adminBase()}/bookings`, { ...query })),
  }),
  /** The free starts of the coming days, to move a call to. */
  slots: (from: string, days: number) => ({
    key: ['bookings', 'slots', from, String(days)] as const,
    fetcher: getJson<SlotsJson>(withQuery('/api/bookings/slots', { from, days })),
  }),
};

export const bookingMutations = {
  /** Effectué, Absent or Annuler (the person is told of a cancellation). */
  setStatus: mutation(
    (id: number, _leadId: number, status: BookingTeamStatus) => http.patch(bookingUrl(id), { json: { status } }).json<AgendaBookingJson>(),
    (_id, leadId) => bookingTouches(leadId),
  ),
  /** Déplacer: the person is told of the new time. */
  move: mutation(
    (id: number, _leadId: number, start: string) => http.patch(bookingUrl(id), { json: { start } }).json<AgendaBookingJson>(),
    (_id, leadId) => bookingTouches(leadId),
  ),
};
