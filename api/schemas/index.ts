/**
 * The single source of validation, shared by the browser (site forms, admin app) and the server
 * (api/middleware/validate.ts). This module and the files it re-exports import nothing but zod.
 * Every message is in French; zod's own fallback messages are switched to French as well.
 */
import { z } from 'zod';
import { fr } from 'zod/locales';

z.config(fr());

export * from './options.ts';
export * from './fields.ts';
export * from './leads.ts';
export * from './webinars.ts';
export * from './activities.ts';
export * from './auth.ts';
export * from './params.ts';
