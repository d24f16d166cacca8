/** Accounts: sign-in and sessions, one's own account, users and roles, the audit log, the first administrator's setup code. */

export { announceSetupCode, type SetupCode } from './setup-code.ts';
export { createAdministrator } from './auth.ts';
export { AdminCreateError, ADMIN_CREATE_USAGE, createAdminFromCli } from './command-line-admin.ts';
