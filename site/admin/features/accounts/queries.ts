/** The accounts' calls (the signed-in user's profile, password, sessions and second factors; the team's users), with their cache keys. */
import type { AuditEventJson, SessionJson, UserAccountJson, UserJson, ProfileUpdateInput, UserCreateInput, UserUpdateInput } from '#contract/accounts';
import type { AuditEventType } from '#contract';
import { getJson, withQuery } from '../../lib/api.ts';
import { adminBase, http } from '../../lib/http.ts';
import { mutation, type QueryKey } from '../../lib/query.ts';
import { confirmTotpEnrolment, registerPasskey, type FactorsJson } from './second-factor-api.ts';

/** The accounts' cache keys: the users, the sessions and the security journal (Paramètres → Journal). */
export const accountKeys = {
  users: ['users'] as const,
  sessions: ['sessions'] as const,
  audit: ['audit'] as const,
  factors: ['factors'] as const,
};

export interface AuditPage {
  events: AuditEventJson[];
  pagination: { page: number; limit: number; total: number };
}

export const AUDIT_PAGE_SIZE = 20;

/** A user created or changed shows in the users' list and writes to the journal. */
const USER_TOUCHES: readonly QueryKey[] = [accountKeys.users, accountKeys.audit];
/** A password change or a closed session ends sessions and writes to the journal. */
const SESSION_TOUCHES: readonly QueryKey[] = [accountKeys.sessions, accountKeys.audit];
/** Adding or removing a factor ends the other sessions and writes to the journal (docs/decisions/149-second-factor-screens.md). */
const FACTOR_TOUCHES: readonly QueryKey[] = [accountKeys.factors, accountKeys.sessions, accountKeys.audit];

export const accountQueries = {
  users: () => ({ key: [...accountKeys.users, adminBase()] as const, fetcher: getJson<{ users: UserAccountJson[] }>(`${adminBase()}/users`) }),
  sessions: () => ({ key: accountKeys.sessions, fetcher: getJson<{ sessions: SessionJson[] }>('/api/simple-auth/sessions') }),
  audit: (type: AuditEventType | '', page: number) => ({
    key: [...accountKeys.audit, adminBase(), type, String(page)] as const,
    fetcher: getJson<AuditPage>(withQuery(`${adminBase()}/audit`, { page, limit: AUDIT_PAGE_SIZE, type })),
  }),
  /** The signed-in user's own factors and recovery codes left. */
  factors: () => ({ key: accountKeys.factors, fetcher: getJson<FactorsJson>('/api/simple-auth/mfa') }),
};

export const accountMutations = {
  updateProfile: mutation((body: ProfileUpdateInput) => http.patch('/api/simple-auth/user', { json: body }).json<UserJson>(), USER_TOUCHES),
  changePassword: mutation((body: { currentPassword: string; newPassword: string }) => http.post('/api/simple-auth/password', { json: body }).json<{ message: string }>(), SESSION_TOUCHES),
  /** Closing this browser's own session leaves for the sign-in page: nothing to refresh. */
  endSession: mutation(
    async (session: SessionJson) => {
      await http.delete(`/api/simple-auth/sessions/${encodeURIComponent(session.id)}`);
    },
    (session) => (session.current ? [] : SESSION_TOUCHES),
  ),
  createUser: mutation((body: UserCreateInput) => http.post(`${adminBase()}/users`, { json: body }).json<UserAccountJson>(), USER_TOUCHES),
  updateUser: mutation((id: number, body: UserUpdateInput) => http.patch(`${adminBase()}/users/${id}`, { json: body }).json<UserAccountJson>(), USER_TOUCHES),
  confirmTotp: mutation(confirmTotpEnrolment, FACTOR_TOUCHES),
  registerPasskey: mutation(registerPasskey, FACTOR_TOUCHES),
  removeFactor: mutation(async (id: number) => {
    await http.delete(`/api/simple-auth/mfa/${id}`);
  }, FACTOR_TOUCHES),
  regenerateRecoveryCodes: mutation(() => http.post('/api/simple-auth/mfa/recovery-codes').json<{ recoveryCodes: string[] }>(), [accountKeys.factors, accountKeys.audit]),
  /** Another user's factors: they enrol again at their next sign-in (their sessions end). */
  resetUserFactors: mutation((id: number) => http.post(`/api/admin/users/${id}/mfa/reset`).json<{ message: string }>(), USER_TOUCHES),
};
