/**
 * knex configuration for tools that expect a knexfile. The application itself builds its knex
 * instance in api/platform/db.ts (PGlite when DATABASE_URL is unset, PostgreSQL otherwise); this file
 * exposes the same settings. Prefer `npm run db:migrate` / `npm run db:rollback`.
 */
import { loadConfig } from './api/platform/config.ts';
import { openDatabase, databaseOptions } from './api/platform/db.ts';

const knex = await openDatabase(databaseOptions(loadConfig()));

export default knex.client.config;
