/** The calls of Paramètres' journal, system and booking tabs, with their cache keys and changes. */
import { isHTTPError } from 'ky';
import type { AuditEventJson } from '#contract/accounts';
import type { BookingSettingsJson, FeedStatusJson, HostAvailabilityJson, HostSummaryJson, BookingSettings, HostAvailability } from '#contract/booking';
import type { MailSettingsJson } from '#contract/operations';
import type { AuditEventType } from '#contract';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';

/** `GET /api/admin/retention` (built by the data-retention work): shown when it answers. */
export interface RetentionFacts {
  nextRunAt: string | null;
  leadsToErase: number;
  emailBodiesToEmpty: number;
}

export interface AuditPage {
  events: AuditEventJson[];
  pagination: { page: number; limit: number; total: number };
}

export const AUDIT_PAGE_SIZE = 20;

export const settingsQueries = {
  audit: (type: AuditEventType | '', page: number) => ({
    key: ['audit', adminBase(), type, String(page)] as const,
    fetcher: getJson<AuditPage>(withQuery(`${adminBase()}/audit`, { page, limit: AUDIT_PAGE_SIZE, type })),
  }),
  mail: () => ({ key: ['settings', 'mail', adminBase()] as const, fetcher: getJson<MailSettingsJson>(`${adminBase()}/settings/mail`) }),
  /** `null` when the server has no retention endpoint (or refuses it): the screen says "non disponible". */
  retention: () => ({
    key: ['settings', 'retention', adminBase()] as const,
    fetcher: async (): Promise<RetentionFacts | null> => {
      try {
        return await http.get(`${adminBase()}/retention`).json<RetentionFacts>();
      } catch (error) {
        if (isHTTPError(error) && error.response.status !== 401) return null;
        throw error;
      }
    },
  }),
};

/** A host's change shows in the hosts' list, their own card and the dashboard's warning about unread calendars. */
const hostTouches = (userId: number): readonly QueryKey[] => [['booking', 'hosts'], ['booking', 'host', String(userId)], ['booking', 'feeds']];

/** Paramètres → Rendez-vous: the call's settings, the hosts, each host's availability and calendar. */
export const bookingQueries = {
  settings: () => ({ key: ['booking', 'settings', adminBase()] as const, fetcher: getJson<BookingSettingsJson>(`${adminBase()}/booking-settings`) }),
  hosts: () => ({ key: ['booking', 'hosts', adminBase()] as const, fetcher: getJson<{ hosts: HostSummaryJson[] }>(`${adminBase()}/hosts`) }),
  host: (userId: number) => ({
    key: ['booking', 'host', String(userId), adminBase()] as const,
    fetcher: getJson<HostAvailabilityJson>(`${adminBase()}/hosts/${userId}/availability`),
  }),
};

export const bookingMutations = {
  saveSettings: mutation(
    (body: BookingSettings) => http.put(`${adminBase()}/booking-settings`, { json: body }).json<BookingSettingsJson>(),
    [['booking', 'settings']],
  ),
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
