/**
 * The contacts' calls, with their cache keys: the lists and counters, one contact and its tags, the
 * CSV import and the bulk actions. Each change declares what it makes out of date.
 */
import type { LeadBulkJson, LeadImportJson, LeadJson, LeadPageJson, TagsJson } from '#contract/contacts';
import type { LeadStatsJson } from '#contract/analytics';
import { getJson, PAGE_SIZE, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { activityKeys } from '../activities/queries.ts';
import { emailKeys } from '../emails/queries.ts';
import { webinarKeys } from '../webinars/queries.ts';

export interface LeadListQuery {
  page: number;
  search?: string;
  status?: string;
  source?: string;
  tags?: string;
  createdAfter?: string;
  createdFrom?: string;
  createdTo?: string;
  newsletter?: string;
  channel?: string;
  campaign?: string;
  client?: string;
  limit?: number;
}

/**
 * The contacts' cache keys, for every feature that refreshes them (docs/decisions/138-rooms-inside-big-features.md):
 * `lead(id)` is the root of everything shown on one contact's page, other features' cards included.
 */
export const contactKeys = {
  leads: ['leads'] as const,
  list: ['leads', 'list'] as const,
  recent: ['leads', 'recent'] as const,
  anyLead: ['lead'] as const,
  lead: (id: string | number) => ['lead', String(id)] as const,
};

/**
 * A contact's creation, edition, deletion or erasure changes the lists, counts, its own screens, the
 * recent activities and the registrations (a deleted contact takes its registrations along), the
 * webinars' counts, and its e-mails.
 * Other features' keys are read when the change runs, so the features' queries.ts may import each other in any order.
 */
export const contactTouches = (): readonly QueryKey[] => [contactKeys.leads, contactKeys.anyLead, activityKeys.activities, webinarKeys.registrations, webinarKeys.stats, emailKeys.all];

/** A tag added or removed shows on the contact, the list and the recent contacts. */
const tagTouches = (leadId: string): QueryKey[] => [contactKeys.lead(leadId), contactKeys.list, contactKeys.recent];

const leadUrl = (id: string | number) => `${adminBase()}/leads/${encodeURIComponent(id)}`;
const tagsUrl = (leadId: string) => `/api/crm/leads/${encodeURIComponent(leadId)}/tags`;

/** Cache keys, most general segment first; the admin base keeps the tabbed dev page's copies apart. */
export const contactQueries = {
  leads: (query: LeadListQuery) => ({
    key: [...contactKeys.list, adminBase(), JSON.stringify(query)] as const,
    fetcher: getJson<LeadPageJson>(withQuery(`${adminBase()}/leads`, { limit: PAGE_SIZE, ...query })),
  }),
  recentLeads: () => ({ key: [...contactKeys.recent, adminBase()] as const, fetcher: getJson<LeadJson[]>(`${adminBase()}/leads/recent`) }),
  leadStats: () => ({ key: [...contactKeys.leads, 'stats', adminBase()] as const, fetcher: getJson<LeadStatsJson>(`${adminBase()}/stats/leads`) }),
  lead: (id: string) => ({ key: [...contactKeys.lead(id), 'detail', adminBase()] as const, fetcher: getJson<LeadJson>(leadUrl(id)) }),
  tags: (leadId: string) => ({ key: [...contactKeys.lead(leadId), 'tags'] as const, fetcher: getJson<TagsJson>(tagsUrl(leadId)) }),
};

/** The download link of the filtered list (fetched through the HTTP client: site/admin/ui/DownloadLink.tsx). */
export const leadsExportUrl = (query: Omit<LeadListQuery, 'page' | 'limit'>) => withQuery(`${adminBase()}/leads.csv`, { ...query });

export const contactMutations = {
  create: mutation((body: Record<string, unknown>) => http.post(`${adminBase()}/leads`, { json: body }).json<LeadJson>(), contactTouches),
  update: mutation((id: string, body: Record<string, unknown>) => http.patch(leadUrl(id), { json: body }).json<LeadJson>(), contactTouches),
  remove: mutation(async (id: number) => {
    await http.delete(`${adminBase()}/leads/${id}`);
  }, contactTouches),
  addTag: mutation((leadId: string, tag: string) => http.post(tagsUrl(leadId), { json: { tag } }).json<TagsJson>(), tagTouches),
  removeTag: mutation((leadId: string, tag: string) => http.delete(`${tagsUrl(leadId)}/${encodeURIComponent(tag)}`).json<TagsJson>(), tagTouches),
  /** One chunk of a CSV import (decision 076); the dry run of the mapping step changes nothing. */
  importCsv: mutation(
    (body: string, query: { dryRun: boolean; columns?: string; firstRow?: number }) =>
      http
        .post(withQuery(`${adminBase()}/leads/import`, { dryRun: String(query.dryRun), columns: query.columns, firstRow: query.firstRow }), {
          body,
          headers: { 'content-type': 'text/csv; charset=utf-8' },
          timeout: 120_000,
        })
        .json<LeadImportJson>(),
    (_body, query) => (query.dryRun ? [] : contactTouches()),
  ),
  /** An action on the selected contacts (decision 077). */
  bulk: mutation((body: { ids: number[]; action: string; value?: string }) => http.post(`${adminBase()}/leads/bulk`, { json: body }).json<LeadBulkJson>(), contactTouches),
  /** The selection as a CSV file: reads only. */
  exportSelection: (ids: number[]) => http.post(`${adminBase()}/leads/bulk`, { json: { ids, action: 'export' } }).blob(),
};
