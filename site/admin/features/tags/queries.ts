/** The tags screen's calls, with their cache keys. */
import type { TagChangeJson, TagJson } from '#contract/contacts';
import { getJson } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';

/** A tag renamed, merged or deleted changes the tag list and every contact screen. */
const TAG_TOUCHES: readonly QueryKey[] = [['tags'], ['leads'], ['lead']];

const tagUrl = (name: string) => `${adminBase()}/tags/${encodeURIComponent(name)}`;

export const tagQueries = {
  all: () => ({ key: ['tags', 'all', adminBase()] as const, fetcher: getJson<{ tags: TagJson[] }>(`${adminBase()}/tags`) }),
};

export const tagMutations = {
  rename: mutation((name: string, newName: string) => http.patch(tagUrl(name), { json: { name: newName } }).json<TagChangeJson>(), TAG_TOUCHES),
  remove: mutation((name: string) => http.delete(tagUrl(name)).json<TagChangeJson>(), TAG_TOUCHES),
};
