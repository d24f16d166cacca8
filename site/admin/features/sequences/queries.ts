/** The sequences' calls, with their cache keys (decision 099). Shapes come from the API's presenters (#contract/sequences). */
import type { SequenceAnswer, SequenceCreate, SequenceRunAnswer, SequenceStatsAnswer, SequenceUpdate } from '#contract/sequences';
import { getJson } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { emailKeys } from '../emails/queries.ts';

export type { SequenceAnswer, SequenceRunAnswer, SequenceStatsAnswer };

const base = () => `${adminBase()}/sequences`;
const sequenceUrl = (id: number | string) => `${base()}/${encodeURIComponent(String(id))}`;

/** The sequences' cache keys: the list, one sequence (with its figures), a contact's runs. */
export const sequenceKeys = {
  all: ['sequences'] as const,
  sequence: (id: number | string) => ['sequence', String(id)] as const,
  runs: ['sequence-runs'] as const,
};

/** A change to a sequence: the list, that sequence and its figures, and the contacts' runs (their step's subject). */
const sequenceTouches = (id: number | string): QueryKey[] => [sequenceKeys.all, sequenceKeys.sequence(id), sequenceKeys.runs];

export const sequenceQueries = {
  list: () => ({ key: [...sequenceKeys.all, 'list', adminBase()] as const, fetcher: getJson<{ items: SequenceAnswer[] }>(base()) }),
  sequence: (id: string) => ({ key: [...sequenceKeys.sequence(id), adminBase()] as const, fetcher: getJson<SequenceAnswer>(sequenceUrl(id)) }),
  stats: (id: number | string) => ({ key: [...sequenceKeys.sequence(id), 'stats', adminBase()] as const, fetcher: getJson<SequenceStatsAnswer>(`${sequenceUrl(id)}/stats`) }),
  /** A contact's runs, newest first (their page's "Séquences" card). */
  lead: (leadId: number) => ({
    key: [...sequenceKeys.runs, 'lead', String(leadId), adminBase()] as const,
    fetcher: getJson<{ items: SequenceRunAnswer[] }>(`${adminBase()}/leads/${leadId}/sequence-runs`),
  }),
};

/** A step as a recipient would get it: not cached, the editor asks again at each pause in typing. */
export function previewStep(body: { subject: string; preview: string; body: string; transactional: boolean }, signal?: AbortSignal): Promise<{ subject: string; html: string; text: string }> {
  return http.post(`${base()}/preview`, { json: body, signal }).json();
}

export const sequenceMutations = {
  create: mutation((body: SequenceCreate) => http.post(base(), { json: body }).json<SequenceAnswer>(), [sequenceKeys.all]),
  update: mutation(
    (id: number, body: SequenceUpdate) => http.patch(sequenceUrl(id), { json: body }).json<SequenceAnswer>(),
    (id) => sequenceTouches(id),
  ),
  pause: mutation(
    (id: number) => http.post(`${sequenceUrl(id)}/pause`).json<SequenceAnswer>(),
    (id) => sequenceTouches(id),
  ),
  resume: mutation(
    (id: number) => http.post(`${sequenceUrl(id)}/resume`).json<SequenceAnswer>(),
    (id) => sequenceTouches(id),
  ),
  remove: mutation(
    (id: number) => http.delete(sequenceUrl(id)).then(() => undefined),
    (id) => sequenceTouches(id),
  ),
  /** A test send is an e-mail of the history. */
  test: mutation(
    (id: number, stepId: number) => http.post(`${sequenceUrl(id)}/steps/${stepId}/test`, { json: {} }).json<{ emailId: number }>(),
    () => [emailKeys.all],
  ),
  /** "Arrêter" on a contact's page: their runs, and the sequence's figures. */
  stop: mutation(
    (runId: number, _sequenceId: number) => http.post(`${adminBase()}/sequence-runs/${runId}/stop`).json<SequenceRunAnswer>(),
    (_runId, sequenceId) => [sequenceKeys.runs, sequenceKeys.sequence(sequenceId), sequenceKeys.all],
  ),
};
