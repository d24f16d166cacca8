/** The back office's contact list (search, filters, exact total) and the dashboard's newest contacts. */
import type { Knex } from 'knex';
import { Lead } from '../../../models/index.ts';
import { dateRangeIssue, type LeadListQuery } from '../contract/index.ts';
import { badRequest, MESSAGES } from '../../../platform/errors.ts';
import { countLeads } from './lead-counts.ts';

/** `%`, `_` and `\` in a search term are literal characters, not LIKE wildcards. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The list's search and filters, for the list and its CSV export (a knex or Objection builder). */
export function leadFilters(query: Omit<LeadListQuery, 'page' | 'limit'>) {
  return (builder: Knex.QueryBuilder): void => {
    if (query.search) {
      const term = escapeLike(query.search.replace(/\s+/g, ' '));
      builder.whereRaw(`search_text like '%' || immutable_unaccent(lower(?)) || '%'`, [term]);
    }
    if (query.status) builder.where('status', query.status);
    if (query.source) builder.where('source', query.source);
    if (query.tags?.length) builder.whereRaw('tags @> ?::text[]', [query.tags]);
    if (query.newsletter) builder.where('newsletterStatus', query.newsletter);
    // "Origine": the first touch's channel and campaign (decision 115; index leads_first_touch_idx).
    if (query.channel) builder.where('firstTouchChannel', query.channel);
    if (query.campaign) builder.where('firstTouchCampaign', query.campaign);
    // Clients (decision 134; partial index leads_is_client_idx).
    if (query.client !== undefined) builder.where('isClient', query.client);
    if (query.createdAfter) builder.where('createdAt', '>=', query.createdAfter);
    // Days of Swiss time: from the start of `createdFrom` to the end of `createdTo`, daylight saving included.
    if (query.createdFrom) builder.whereRaw(`created_at >= (?::date)::timestamp at time zone 'Europe/Zurich'`, [query.createdFrom]);
    if (query.createdTo) builder.whereRaw(`created_at < (?::date + 1)::timestamp at time zone 'Europe/Zurich'`, [query.createdTo]);
  };
}

/**
 * The admin list: newest first, filters combined with AND, exact total.
 * `search` runs on the generated `search_text` column (unaccented, lower-cased "first last email
 * company phone") with the trigram index, so "zoe" finds "Zoé" and "zoé fav" finds "Zoé Favre".
 */
export async function listLeads(db: Knex, query: LeadListQuery): Promise<{ leads: Lead[]; total: number }> {
  const rangeIssue = dateRangeIssue(query);
  if (rangeIssue) throw badRequest(MESSAGES.invalid, [rangeIssue]);
  const builder = Lead.query(db).modify(leadFilters(query) as never);
  builder.orderBy([
    { column: 'createdAt', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  // Unfiltered (or filtered by status only), the exact total comes from the trigger-kept counters
  // instead of counting every row; any other filter counts the matching rows.
  const onlyStatus =
    !query.search &&
    !query.source &&
    !query.tags?.length &&
    !query.createdAfter &&
    !query.createdFrom &&
    !query.createdTo &&
    !query.newsletter &&
    !query.channel &&
    !query.campaign &&
    query.client === undefined;
  if (onlyStatus) {
    const [leads, total] = await Promise.all([builder.offset((query.page - 1) * query.limit).limit(query.limit), countLeads(db, query.status)]);
    return { leads, total };
  }
  const { results, total } = await builder.page(query.page - 1, query.limit);
  return { leads: results, total };
}

export async function recentLeads(db: Knex, limit = 5): Promise<Lead[]> {
  return Lead.query(db)
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}
