/**
 * Tags across every contact (decision 066). Counts come from `lead_tag_counts` (deltas
 * written by triggers), never from reading every contact. Tags compare case-insensitively: "VIP" and
 * "vip" are one tag, shown under its most used spelling.
 */
import type { Knex } from 'knex';
import { notFound } from '../../../platform/errors.ts';
import type { TagCount } from '../contract/index.ts';

export const TAG_NOT_FOUND_MESSAGE = 'Ce tag n’est porté par aucun contact.';

/** Folds the delta rows into one per spelling (maintenance; safe to run concurrently). */
export async function compactTagCounts(db: Knex): Promise<void> {
  await db.raw(`
    with gone as (delete from lead_tag_counts returning tag_key, tag, delta)
    insert into lead_tag_counts (tag_key, tag, delta)
    select tag_key, tag, sum(delta) from gone group by tag_key, tag having sum(delta) <> 0`);
}

async function spellings(db: Knex, key?: string): Promise<Array<{ tagKey: string; tag: string; count: number }>> {
  const { rows } = await db.raw<{ rows: Array<{ tag_key: string; tag: string; count: string }> }>(
    `select tag_key, tag, sum(delta) as count from lead_tag_counts
     ${key === undefined ? '' : 'where tag_key = ?'}
     group by tag_key, tag having sum(delta) > 0`,
    key === undefined ? [] : [key],
  );
  return rows.map((row) => ({ tagKey: row.tag_key, tag: row.tag, count: Number(row.count) }));
}

/** Every tag with the number of contacts carrying it, most used first. */
export async function listTags(db: Knex): Promise<TagCount[]> {
  const byKey = new Map<string, { name: string; best: number; count: number }>();
  for (const row of await spellings(db)) {
    const entry = byKey.get(row.tagKey);
    if (!entry) byKey.set(row.tagKey, { name: row.tag, best: row.count, count: row.count });
    else {
      entry.count += row.count;
      if (row.count > entry.best || (row.count === entry.best && row.tag < entry.name)) Object.assign(entry, { name: row.tag, best: row.count });
    }
  }
  return [...byKey.values()].map(({ name, count }) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr'));
}

/** The spellings of a tag in use; 404 when no contact carries it. */
async function spellingsOr404(db: Knex, name: string): Promise<string[]> {
  const rows = await spellings(db, name.toLowerCase());
  if (rows.length === 0) throw notFound(TAG_NOT_FOUND_MESSAGE);
  return rows.map((row) => row.tag);
}

/**
 * Renames a tag on every contact carrying it. When a contact already has the new name (any letter case)
 * the two merge into one. One UPDATE, using the GIN index on `tags` (`&&` with the exact spellings).
 * Returns how many contacts changed and whether the new name already existed elsewhere.
 */
export async function renameTag(db: Knex, from: string, to: string): Promise<{ name: string; contacts: number; merged: boolean }> {
  const from_ = await spellingsOr404(db, from);
  const merged = from.toLowerCase() !== to.toLowerCase() && (await spellings(db, to.toLowerCase())).length > 0;
  const { rowCount } = await db.raw<{ rowCount: number }>(
    `update leads set
       tags = array(
         select renamed.tag from (
           select case when lower(old.tag) in (lower(?), lower(?)) then ?::text else old.tag end as tag, min(old.position) as position
           from unnest(tags) with ordinality as old(tag, position)
           group by 1
         ) as renamed order by renamed.position),
       updated_at = now()
     where tags && ?::text[]`,
    [from, to, to, from_],
  );
  return { name: to, contacts: rowCount ?? 0, merged };
}

/** Removes a tag (every spelling) from every contact carrying it; returns how many changed. */
export async function deleteTag(db: Knex, name: string): Promise<{ contacts: number }> {
  const names = await spellingsOr404(db, name);
  const { rowCount } = await db.raw<{ rowCount: number }>(
    `update leads set
       tags = array(select kept.tag from unnest(tags) with ordinality as kept(tag, position)
                    where lower(kept.tag) <> lower(?) order by kept.position),
       updated_at = now()
     where tags && ?::text[]`,
    [name, names],
  );
  return { contacts: rowCount ?? 0 };
}
