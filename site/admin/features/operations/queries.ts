/** The calls of Paramètres' system tab (the mail sending's facts, the data retention), with their cache key. */
import { isHTTPError } from 'ky';
import type { MailSettingsJson } from '#contract/operations';
import { getJson } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';

/** `GET /api/admin/retention` (built by the data-retention work): shown when it answers. */
export interface RetentionFacts {
  nextRunAt: string | null;
  leadsToErase: number;
  emailBodiesToEmpty: number;
}

/** The operations' cache key: the settings Paramètres → Système shows. */
export const operationKeys = {
  settings: ['settings'] as const,
};

export const operationQueries = {
  mail: () => ({ key: [...operationKeys.settings, 'mail', adminBase()] as const, fetcher: getJson<MailSettingsJson>(`${adminBase()}/settings/mail`) }),
  /** `null` when the server has no retention endpoint (or refuses it): the screen says "non disponible". */
  retention: () => ({
    key: [...operationKeys.settings, 'retention', adminBase()] as const,
    fetcher: async (): Promise<RetentionFacts | null> => {
      try {
        return await http.get(`${adminBase()}/retention`).json<RetentionFacts>();
      } catch (error) {
        if (isHTTPError(error) && error.response.status !== 401) return null;
        throw error;
      }
    },
  }),
};
