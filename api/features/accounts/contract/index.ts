/** The accounts feature's contract: its schemas and presenters, for the server and the browser (#contract/accounts; decision 135). */
export * from './audit-presenters.ts';
export * from './auth-schemas.ts';
export * from './passkey-presenters.ts';
export * from './passkey-schemas.ts';
export * from './sessions-presenters.ts';
export * from './users-presenters.ts';
export * from './users-schemas.ts';
export * from './mfa-presenters.ts';
export * from './mfa-schemas.ts';
