/** The calls of Paramètres' journal and system tabs, with their cache keys. */
import { isHTTPError } from 'ky';
import type { AuditEventJson, MailSettingsJson } from '#presenters';
import type { AuditEventType } from '#schemas';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';

/** `GET /api/admin/retention` (built by the data-retention work): shown when it answers. */
export interface RetentionFacts {
  nextRunAt: string | null;
  leadsToErase: number;
  emailBodiesToEmpty: number;
}

export interface AuditPage {
  events: AuditEventJson[];
  pagination: { page: number; limit: number; total: number };
}

export const AUDIT_PAGE_SIZE = 20;

export const settingsQueries = {
  audit: (type: AuditEventType | '', page: number) => ({
    key: ['audit', adminBase(), type, String(page)] as const,
    fetcher: getJson<AuditPage>(withQuery(`${adminBase()}/audit`, { page, limit: AUDIT_PAGE_SIZE, type })),
  }),
  mail: () => ({ key: ['settings', 'mail', adminBase()] as const, fetcher: getJson<MailSettingsJson>(`${adminBase()}/settings/mail`) }),
  /** `null` when the server has no retention endpoint (or refuses it): the screen says "non disponible". */
  retention: () => ({
    key: ['settings', 'retention', adminBase()] as const,
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
