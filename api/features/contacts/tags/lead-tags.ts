/** A contact's tags: list, add, remove, each in one statement so concurrent edits never lose a tag. */
import type { Knex } from 'knex';
import { badRequest } from '../../../platform/errors.ts';
import { findLeadOr404 } from '../records/lead-records.ts';

export const MAX_TAGS_PER_LEAD = 50;

export async function leadTags(db: Knex, leadId: number): Promise<string[]> {
  return (await findLeadOr404(db, leadId)).tags;
}

/**
 * Adds a tag unless the lead already has it in any letter case (then nothing changes).
 * One UPDATE decides, so two simultaneous adds of "VIP" and "vip" keep a single tag.
 */
export async function addTag(db: Knex, leadId: number, tag: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: Array<{ tags: string[] }> }>(
    `update leads set tags = array_append(tags, ?::text), updated_at = now()
     where id = ? and not exists (select 1 from unnest(tags) as existing(tag) where lower(existing.tag) = lower(?))
       and cardinality(tags) < ?
     returning tags`,
    [tag, leadId, tag, MAX_TAGS_PER_LEAD],
  );
  if (rows[0]) return rows[0].tags;
  const lead = await findLeadOr404(db, leadId);
  const present = lead.tags.some((existing) => existing.toLowerCase() === tag.toLowerCase());
  if (!present) throw badRequest(`Un contact ne peut pas avoir plus de ${MAX_TAGS_PER_LEAD} tags.`);
  return lead.tags;
}

/** Removes a tag (any letter case), keeping the order of the others. Removing an absent tag changes nothing. */
export async function removeTag(db: Knex, leadId: number, tag: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: Array<{ tags: string[] }> }>(
    `update leads set
       tags = array(select kept.tag from unnest(tags) with ordinality as kept(tag, position)
                    where lower(kept.tag) <> lower(?) order by kept.position),
       updated_at = now()
     where id = ? and exists (select 1 from unnest(tags) as existing(tag) where lower(existing.tag) = lower(?))
     returning tags`,
    [tag, leadId, tag],
  );
  if (rows[0]) return rows[0].tags;
  return leadTags(db, leadId);
}
