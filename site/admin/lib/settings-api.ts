/** The calls of Paramètres and Tags (issue 15), with their cache keys. */
import { isHTTPError } from 'ky';
import type { AuditEventJson, MailSettingsJson, SessionJson, TagChangeJson, TagJson, UserAccountJson, UserJson } from '#presenters';
import type { AuditEventType, ProfileUpdateInput, UserCreateInput, UserUpdateInput } from '#schemas';
import { adminBase, http } from './http.ts';
import type { QueryKey } from './query-cache.ts';

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

export const settingsKeys = {
  users: () => ['users', adminBase()] as const,
  sessions: () => ['sessions'] as const,
  audit: (type: string, page: number) => ['audit', adminBase(), type, String(page)] as const,
  mail: () => ['settings', 'mail', adminBase()] as const,
  retention: () => ['settings', 'retention', adminBase()] as const,
  allTags: () => ['tags', 'all', adminBase()] as const,
};

export const settingsQueries = {
  users: () => ({
    key: settingsKeys.users(),
    fetcher: () => http.get(`${adminBase()}/users`).json<{ users: UserAccountJson[] }>(),
  }),
  sessions: () => ({
    key: settingsKeys.sessions(),
    fetcher: () => http.get('/api/simple-auth/sessions').json<{ sessions: SessionJson[] }>(),
  }),
  audit: (type: AuditEventType | '', page: number) => ({
    key: settingsKeys.audit(type, page),
    fetcher: () => {
      const query = new URLSearchParams({
        page: String(page),
        limit: String(AUDIT_PAGE_SIZE),
      });
      if (type) query.set('type', type);
      return http.get(`${adminBase()}/audit?${query.toString()}`).json<AuditPage>();
    },
  }),
  mail: () => ({
    key: settingsKeys.mail(),
    fetcher: () => http.get(`${adminBase()}/settings/mail`).json<MailSettingsJson>(),
  }),
  /** `null` when the server has no retention endpoint (or refuses it): the screen says "non disponible". */
  retention: () => ({
    key: settingsKeys.retention(),
    fetcher: async (): Promise<RetentionFacts | null> => {
      try {
        return await http.get(`${adminBase()}/retention`).json<RetentionFacts>();
      } catch (error) {
        if (isHTTPError(error) && error.response.status !== 401) return null;
        throw error;
      }
    },
  }),
  allTags: () => ({
    key: settingsKeys.allTags(),
    fetcher: () => http.get(`${adminBase()}/tags`).json<{ tags: TagJson[] }>(),
  }),
};

export const settingsMutations = {
  updateProfile: (body: ProfileUpdateInput) => http.patch('/api/simple-auth/user', { json: body }).json<UserJson>(),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    http.post('/api/simple-auth/password', { json: body }).json<{ message: string }>(),
  endSession: async (id: string) => {
    await http.delete(`/api/simple-auth/sessions/${encodeURIComponent(id)}`);
  },
  createUser: (body: UserCreateInput) => http.post(`${adminBase()}/users`, { json: body }).json<UserAccountJson>(),
  updateUser: (id: number, body: UserUpdateInput) => http.patch(`${adminBase()}/users/${id}`, { json: body }).json<UserAccountJson>(),
  renameTag: (name: string, newName: string) =>
    http
      .patch(`${adminBase()}/tags/${encodeURIComponent(name)}`, {
        json: { name: newName },
      })
      .json<TagChangeJson>(),
  deleteTag: (name: string) => http.delete(`${adminBase()}/tags/${encodeURIComponent(name)}`).json<TagChangeJson>(),
};

/** A tag change touches the tag list and every contact screen; a user change, the users and the journal. */
export const SETTINGS_TOUCHES: { tags: QueryKey[]; users: QueryKey[] } = {
  tags: [['tags'], ['leads'], ['lead']],
  users: [['users'], ['audit']],
};
