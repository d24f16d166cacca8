/**
 * The shared primitives of the API's contract (docs/decisions/135-contract-beside-the-capability.md): the zod
 * setup, common field validators, field errors, path and query params, the stored options, the presenters'
 * small helpers. Each feature's own schemas and presenters live in api/features/<name>/contract/ and import
 * these. This module and the files it re-exports import nothing but zod. Every message is in French; zod
 * itself is configured in ./zod.ts (French fallbacks, no JIT in the browser).
 */
export { z } from './zod.ts';

export * from './options.ts';
export * from './fields.ts';
export * from './field-errors.ts';
export * from './params.ts';
export * from './passwords.ts';
export * from './analytics-periods.ts';
export * from './visit-channels.ts';
export * from './audit.ts';
export * from './access-log.ts';
export * from './email-kinds.ts';
export * from './presenting.ts';
