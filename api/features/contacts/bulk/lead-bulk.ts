/**
 * Actions on the contacts selected in the list: add or remove a tag, change the status,
 * delete. Each is one statement over the selection, so the lead_counts triggers
 * (migrations/20261121000200_lead_counts.ts) see it once and a contact is never half-changed.
 * Tags follow the rules of a single contact (api/features/contacts/tags/lead-tags.ts): letter case ignored, 50 at most.
 */
import type { Knex } from 'knex';
import type { LeadStatus } from '../../../contract/options.ts';
import { MAX_TAGS_PER_LEAD } from '../tags/lead-tags.ts';
import { deleteLeads } from '../records/lead-records.ts';

/** Adds the tag to every selected contact that lacks it (in any letter case) and has room; answers how many changed. */
export async function addTagToLeads(db: Knex, ids: number[], tag: string): Promise<number> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `update leads set tags = array_append(tags, ?::text), updated_at = now()
     where id = any(?::int[])
       and not exists (select 1 from unnest(tags) as existing(tag) where lower(existing.tag) = lower(?))
       and cardinality(tags) < ?
     returning id`,
    [tag, ids, tag, MAX_TAGS_PER_LEAD],
  );
  return rows.length;
}

/** Removes the tag (any letter case) from the selected contacts carrying it, keeping the others' order. */
export async function removeTagFromLeads(db: Knex, ids: number[], tag: string): Promise<number> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `update leads set
       tags = array(select kept.tag from unnest(tags) with ordinality as kept(tag, position)
                    where lower(kept.tag) <> lower(?) order by kept.position),
       updated_at = now()
     where id = any(?::int[]) and exists (select 1 from unnest(tags) as existing(tag) where lower(existing.tag) = lower(?))
     returning id`,
    [tag, ids, tag],
  );
  return rows.length;
}

export async function setLeadsStatus(db: Knex, ids: number[], status: LeadStatus): Promise<number> {
  const { rows } = await db.raw<{ rows: unknown[] }>(`update leads set status = ?, updated_at = now() where id = any(?::int[]) and status <> ? returning id`, [status, ids, status]);
  return rows.length;
}

/** The very deletion of a single contact (api/features/contacts/records/lead-records.ts), over the selection. */
export function deleteSelectedLeads(db: Knex, ids: number[]): Promise<number[]> {
  return deleteLeads(db, ids);
}
