/** Accounts: sign-in and sessions, one's own account, users and roles, the audit log, the first administrator's setup code. */

export { announceSetupCode, createSetupCode, type SetupCode } from './setup-code.ts';
export { createAdministrator } from './auth.ts';
