/**
 * Contacts in the back office: the list with search and filters, CRUD, tags and statistics.
 * Public form submissions live in ./public-submissions.ts.
 */
import type { Knex } from 'knex';
import { Lead } from '../models/index.ts';
import type { LeadCreate, LeadListQuery, LeadUpdate } from '../schemas/index.ts';
import { parseId } from '../schemas/index.ts';
import { badRequest, MESSAGES, notFound } from '../errors.ts';

export const MAX_TAGS_PER_LEAD = 50;

/** The lead of a route's `:id`, or 404 "Contact non trouvé" (non-numeric ids included). */
export async function findLeadOr404(db: Knex, rawId: unknown): Promise<Lead> {
  const id = parseId(rawId);
  const lead = id === undefined ? undefined : await Lead.query(db).findById(id);
  if (!lead) throw notFound(MESSAGES.leadNotFound);
  return lead;
}

export function leadIdOr404(rawId: unknown): number {
  const id = parseId(rawId);
  if (id === undefined) throw notFound(MESSAGES.leadNotFound);
  return id;
}

/** `%`, `_` and `\` in a search term are literal characters, not LIKE wildcards. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The admin list: newest first, filters combined with AND, exact total.
 * `search` runs on the generated `search_text` column (unaccented, lower-cased "first last email
 * company phone") with the trigram index, so "zoe" finds "Zoé" and "zoé fav" finds "Zoé Favre".
 */
export async function listLeads(db: Knex, query: LeadListQuery): Promise<{ leads: Lead[]; total: number }> {
  const builder = Lead.query(db);
  if (query.search) {
    const term = escapeLike(query.search.replace(/\s+/g, ' '));
    builder.whereRaw(`search_text like '%' || immutable_unaccent(lower(?)) || '%'`, [term]);
  }
  if (query.status) builder.where('status', query.status);
  if (query.source) builder.where('source', query.source);
  if (query.tags?.length) builder.whereRaw('tags @> ?::text[]', [query.tags]);
  if (query.createdAfter) builder.where('createdAt', '>=', query.createdAfter);
  builder.orderBy([
    { column: 'createdAt', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  // Unfiltered (or filtered by status only), the exact total comes from the trigger-kept counters
  // instead of counting every row; any other filter counts the matching rows.
  const onlyStatus = !query.search && !query.source && !query.tags?.length && !query.createdAfter;
  if (onlyStatus) {
    const [leads, total] = await Promise.all([builder.offset((query.page - 1) * query.limit).limit(query.limit), countLeads(db, query.status)]);
    return { leads, total };
  }
  const { results, total } = await builder.page(query.page - 1, query.limit);
  return { leads: results, total };
}

/** Exact number of contacts (of one status), from `lead_counts` (see its migration). */
export async function countLeads(db: Knex, status?: string): Promise<number> {
  const query = db('leadCounts').sum<{ total: string | number | null }[]>({ total: 'delta' });
  if (status) query.where({ status });
  const [row] = await query;
  return Number(row?.total ?? 0);
}

/** Folds the counter rows into one per status (they only ever grow otherwise). Safe under concurrent writes. */
export async function compactLeadCounts(db: Knex): Promise<void> {
  await db.raw(`
    with gone as (delete from lead_counts returning status, delta)
    insert into lead_counts (status, delta) select status, sum(delta) from gone group by status having sum(delta) <> 0`);
}

export async function recentLeads(db: Knex, limit = 5): Promise<Lead[]> {
  return Lead.query(db)
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}

/** Admin creation. A duplicate email is refused by the unique index → 409 (api/errors.ts). */
export async function createLead(db: Knex, input: LeadCreate): Promise<Lead> {
  return Lead.query(db).insertAndFetch({
    ...input,
    nextFollowUpAt: input.nextFollowUpAt ? new Date(input.nextFollowUpAt) : null,
  });
}

export async function updateLead(db: Knex, rawId: unknown, changes: LeadUpdate): Promise<Lead> {
  const id = leadIdOr404(rawId);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) patch[key] = value;
  if (typeof patch.nextFollowUpAt === 'string') patch.nextFollowUpAt = new Date(patch.nextFollowUpAt);
  if (Object.keys(patch).length === 0) return findLeadOr404(db, rawId);
  const lead = await Lead.query(db).patchAndFetchById(id, patch);
  if (!lead) throw notFound(MESSAGES.leadNotFound);
  return lead;
}

/** Deletes the lead; its registrations and activities go with it (ON DELETE CASCADE). */
export async function deleteLead(db: Knex, rawId: unknown): Promise<void> {
  const deleted = await db('leads').where({ id: leadIdOr404(rawId) }).delete().returning('id');
  if (deleted.length === 0) throw notFound(MESSAGES.leadNotFound);
}

export interface LeadStats {
  total: number;
  newLastMonth: number;
  percentageChange: number;
  newThisMonth: number;
  toContact: number;
}

/**
 * Dashboard figures. newLastMonth: created in the last 30 days; percentageChange: integer percent
 * change of that count against the 30 days before (0 when both are 0, 100 when only the current
 * period has leads); newThisMonth: since the 1st of this month in Switzerland; toContact: status new.
 */
export async function leadStats(db: Knex): Promise<LeadStats> {
  // Each period is its own range scan of the created_at index; totals come from the counters.
  const { rows } = await db.raw<{ rows: Array<Record<string, string | number>> }>(`
    select
      (select count(*) from leads where created_at >= now() - interval '30 days') as current_period,
      (select count(*) from leads where created_at >= now() - interval '60 days' and created_at < now() - interval '30 days') as previous_period,
      (select count(*) from leads where created_at >= date_trunc('month', now() at time zone 'Europe/Zurich') at time zone 'Europe/Zurich') as this_month`);
  const row = rows[0]!;
  const [total, toContact] = await Promise.all([countLeads(db), countLeads(db, 'new')]);
  const current = Number(row.current_period);
  const previous = Number(row.previous_period);
  return {
    total,
    newLastMonth: current,
    percentageChange: percentageChange(current, previous),
    newThisMonth: Number(row.this_month),
    toContact,
  };
}

export function percentageChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 100);
}

export async function leadTags(db: Knex, rawId: unknown): Promise<string[]> {
  return (await findLeadOr404(db, rawId)).tags;
}

/**
 * Adds a tag unless the lead already has it in any letter case (then nothing changes).
 * One UPDATE decides, so two simultaneous adds of "VIP" and "vip" keep a single tag.
 */
export async function addTag(db: Knex, rawId: unknown, tag: string): Promise<string[]> {
  const id = leadIdOr404(rawId);
  const { rows } = await db.raw<{ rows: Array<{ tags: string[] }> }>(
    `update leads set tags = array_append(tags, ?::text), updated_at = now()
     where id = ? and not exists (select 1 from unnest(tags) as existing(tag) where lower(existing.tag) = lower(?))
       and cardinality(tags) < ?
     returning tags`,
    [tag, id, tag, MAX_TAGS_PER_LEAD],
  );
  if (rows[0]) return rows[0].tags;
  const lead = await findLeadOr404(db, rawId);
  const present = lead.tags.some((existing) => existing.toLowerCase() === tag.toLowerCase());
  if (!present) throw badRequest(`Un contact ne peut pas avoir plus de ${MAX_TAGS_PER_LEAD} tags.`);
  return lead.tags;
}

/** Removes a tag (any letter case), keeping the order of the others. Removing an absent tag changes nothing. */
export async function removeTag(db: Knex, rawId: unknown, tag: string): Promise<string[]> {
  const id = leadIdOr404(rawId);
  const { rows } = await db.raw<{ rows: Array<{ tags: string[] }> }>(
    `update leads set
       tags = array(select kept.tag from unnest(tags) with ordinality as kept(tag, position)
                    where lower(kept.tag) <> lower(?) order by kept.position),
       updated_at = now()
     where id = ? and exists (select 1 from unnest(tags) as existing(tag) where lower(existing.tag) = lower(?))
     returning tags`,
    [tag, id, tag],
  );
  if (rows[0]) return rows[0].tags;
  return leadTags(db, rawId);
}
