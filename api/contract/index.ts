/**
 * The single source of validation, shared by the browser (site forms, admin app) and the server
 * (api/platform/http/validate.ts). This module and the files it re-exports import nothing but zod.
 * Every message is in French; zod itself is configured in ./zod.ts (French fallbacks, no JIT in the browser).
 */
export { z } from './zod.ts';

export * from './options.ts';
export * from './fields.ts';
export * from './leads.ts';
export * from './webinars.ts';
export * from './activities.ts';
export * from './auth.ts';
export * from './params.ts';
export * from './audit.ts';
export * from './passwords.ts';
export * from './field-errors.ts';
export * from './registrations.ts';
export * from './tasks.ts';
export * from './analytics.ts';
export * from './lead-bulk.ts';
export * from './exports.ts';
export * from './users.ts';
export * from './privacy.ts';
export * from './booking.ts';
export * from './visits.ts';
export * from './funnel.ts';
export * from './touch.ts';
export * from './newsletters.ts';
export * from './billing.ts';
export * from './offers.ts';
export * from './payments.ts';
