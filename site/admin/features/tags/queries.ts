/** The tags screen's calls, with their cache keys. */
import type { TagChangeJson, TagJson } from '#contract/contacts';
import { getJson } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { contactKeys } from '../contacts/queries.ts';

/** The tags' cache key. */
export const tagKeys = {
  all: ['tags'] as const,
};

/** A tag renamed, merged or deleted changes the tag list and every contact screen. */
const tagTouches = (): readonly QueryKey[] => [tagKeys.all, contactKeys.leads, contactKeys.anyLead];

const tagUrl = (name: string) => `${adminBase()}/tags/${encodeURIComponent(name)}`;

export const tagQueries = {
  all: () => ({ key: [...tagKeys.all, 'all', adminBase()] as const, fetcher: getJson<{ tags: TagJson[] }>(`${adminBase()}/tags`) }),
};

export const tagMutations = {
  rename: mutation((name: string, newName: string) => http.patch(tagUrl(name), { json: { name: newName } }).json<TagChangeJson>(), tagTouches),
  remove: mutation((name: string) => http.delete(tagUrl(name)).json<TagChangeJson>(), tagTouches),
};
