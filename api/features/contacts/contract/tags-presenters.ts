export interface TagCount {
  name: string;
  count: number;
}

/** One tag of `GET /api/admin/tags`: its name (most used spelling) and how many contacts carry it. */
export function presentTag(tag: TagCount) {
  return { name: tag.name, count: tag.count };
}
export type TagJson = ReturnType<typeof presentTag>;

/** The answer of a rename or a delete: how many contacts changed (and, for a rename, the name and whether two tags merged). */
export function presentTagChange(change: { contacts: number; name?: string; merged?: boolean }) {
  return { contacts: change.contacts, ...(change.name === undefined ? {} : { name: change.name, merged: change.merged ?? false }) };
}
export type TagChangeJson = ReturnType<typeof presentTagChange>;
