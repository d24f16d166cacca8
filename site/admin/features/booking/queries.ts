/**
 * The booking's calls, with their cache keys: the agenda (the team's bookings and the free starts to move
 * one to) and Paramètres → Rendez-vous (the call's settings, the hosts, each host's availability and calendar).
 */
import type { AgendaBookingJson, AgendaJson, BookingSettingsJson, FeedStatusJson, HostAvailabilityJson, HostSummaryJson } from '#contract/booking';
import type { BookingSettings, HostAvailability } from '#contract/booking';
import type { BookingTeamStatus } from '#contract/booking';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { activityKeys } from '../activities/queries.ts';
import { analyticsKeys } from '../analytics/queries.ts';
import { contactKeys } from '../contacts/queries.ts';

/** The booking's cache keys: the calls, and the settings, hosts and unread calendars (the dashboard's warning). */
export const bookingKeys = {
  calls: ['bookings'] as const,
  settings: ['booking', 'settings'] as const,
  hosts: ['booking', 'hosts'] as const,
  host: (userId: number) => ['booking', 'host', String(userId)] as const,
  feeds: ['booking', 'feeds'] as const,
};

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
const bookingTouches = (leadId: number): QueryKey[] => [bookingKeys.calls, activityKeys.tasks, contactKeys.lead(leadId), activityKeys.activities, analyticsKeys.all];

const bookingUrl = (id: number) => `${adminBase()}/bookings/${id}`;

export const bookingQueries = {
  list: (query: AgendaQuery) => ({
    key: [...bookingKeys.calls, 'list', adminBase(), JSON.stringify(query)] as const,
    fetcher: getJson<AgendaJson>(withQuery(`${adminBase()}/bookings`, { ...query })),
  }),
  /** The free starts of the coming days, to move a call to. */
  slots: (from: string, days: number) => ({
    key: [...bookingKeys.calls, 'slots', from, String(days)] as const,
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

/** A host's change shows in the hosts' list, their own card and the dashboard's warning about unread calendars. */
const hostTouches = (userId: number): readonly QueryKey[] => [bookingKeys.hosts, bookingKeys.host(userId), bookingKeys.feeds];

/** Paramètres → Rendez-vous: the call's settings, the hosts, each host's availability and calendar. */
export const bookingSettingsQueries = {
  settings: () => ({ key: [...bookingKeys.settings, adminBase()] as const, fetcher: getJson<BookingSettingsJson>(`${adminBase()}/booking-settings`) }),
  hosts: () => ({ key: [...bookingKeys.hosts, adminBase()] as const, fetcher: getJson<{ hosts: HostSummaryJson[] }>(`${adminBase()}/hosts`) }),
  host: (userId: number) => ({
    key: [...bookingKeys.host(userId), adminBase()] as const,
    fetcher: getJson<HostAvailabilityJson>(`${adminBase()}/hosts/${userId}/availability`),
  }),
};

export const bookingSettingsMutations = {
  saveSettings: mutation((body: BookingSettings) => http.put(`${adminBase()}/booking-settings`, { json: body }).json<BookingSettingsJson>(), [bookingKeys.settings]),
  /** Saving a new calendar address reads it at once: the answer carries its state. */
  saveHost: mutation(
    (userId: number, body: HostAvailability) => http.put(`${adminBase()}/hosts/${userId}/availability`, { json: body, timeout: 30_000 }).json<HostAvailabilityJson>(),
    (userId) => hostTouches(userId),
  ),
  refreshFeed: mutation(
    (userId: number) => http.post(`${adminBase()}/hosts/${userId}/feed/refresh`, { timeout: 30_000 }).json<FeedStatusJson>(),
    (userId) => hostTouches(userId),
  ),
  renewCalendarToken: mutation(
    (userId: number) => http.post(`${adminBase()}/hosts/${userId}/calendar-token`).json<HostAvailabilityJson>(),
    (userId) => hostTouches(userId),
  ),
};
