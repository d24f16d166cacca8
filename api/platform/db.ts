/**
 * One knex instance for the whole process, on either engine:
 * - `DATABASE_URL` set: a `pg` pool against a real PostgreSQL server;
 * - unset: PGlite (PostgreSQL compiled to WASM) stored in `DATA_DIR/pglite`, through the knex-pglite dialect.
 * The same migrations and queries serve both. Column names are snake_case in SQL and camelCase in JS
 * (Objection's knexSnakeCaseMappers, applied to every knex query).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { readdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers, Model } from 'objection';
import ClientPGLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { holdDataDirectory } from './data-dir-lock.ts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { Config } from './config.ts';
import { ROOT } from './paths.ts';

export type Database = Knex;

/**
 * The contrib extensions the migrations create, loaded into every PGlite instance (the app, backups,
 * restores, backup checks): pg_trgm and unaccent for search, btree_gist for the bookings' exclusion
 * constraint (docs/decisions/104-booking-storage-and-double-booking.md).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, btree_gist };

/** How long a query waits for a connection before failing: keeps `/api/health` and 503s under 3 s. */
const ACQUIRE_TIMEOUT_MS = 2000;
const PGLITE_ACQUIRE_TIMEOUT_MS = 30_000;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolMax?: number;
  /** PGlite only: keep the database in memory (tests that need a throw-away engine). */
  inMemory?: boolean;
  /** PGlite only: start from this `dumpDataDir` archive instead of an empty cluster (tests' migrated template). */
  loadDataDir?: Blob;
}

export function databaseOptions(config: Config): DatabaseOptions {
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const common = {
    ...knexSnakeCaseMappers(),
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    migrations: { migrationSource: new DirectoryMigrationSource(MIGRATIONS_DIR), tableName: 'knex_migrations' },
  } satisfies Knex.Config;

  if (options.databaseUrl) {
    return knexFactory({
      ...common,
      client: 'pg',
      connection: {
        connectionString: options.databaseUrl,
        connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
        // A runaway query must not hold a connection forever.
        statement_timeout: 15_000,
        application_name: 'innercircle',
      },
      pool: { min: 0, max: options.poolMax ?? 10 },
    });
  }

  const storage = options.inMemory ? undefined : path.join(options.dataDir, 'pglite');
  if (storage) mkdirSync(storage, { recursive: true });
  // One process at a time on a data directory (docs/decisions/159-embedded-database-lock.md).
  const release = storage ? holdDataDirectory(options.dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = new PGlite({ dataDir: storage, extensions: PGLITE_EXTENSIONS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    await pglite.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  // knex-pglite enforces a single connection: PGlite is single-user, so queries are serialised and a
  // request may wait behind others; it lives in this process, so it cannot be "unreachable" like a server.
  const knex = knexFactory({
    ...common,
    acquireConnectionTimeout: PGLITE_ACQUIRE_TIMEOUT_MS,
    client: ClientPGLite as unknown as typeof knexFactory.Client,
    connection: { pglite } as never,
  });
  // The lock goes when the database closes: `knex.destroy()` ends in its client's destroy.
  const client = knex.client as { destroy: (callback?: unknown) => Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = async (callback?: unknown) => {
    try {
      return await destroy(callback);
    } finally {
      release();
    }
  };
  return knex;
}

/** Binds Objection models to this knex instance (one database per process). */
export function bindModels(knex: Database): void {
  Model.knex(knex);
}

export async function migrateLatest(knex: Database): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest()) as [number, string[]];
  return applied;
}

export async function isDatabaseUp(knex: Database): Promise<boolean> {
  try {
    await knex.raw('select 1');
    return true;
  } catch {
    return false;
  }
}

export const MIGRATIONS_DIR = path.join(ROOT, 'migrations');

interface MigrationModule {
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

/**
 * Loads the TypeScript migrations with native `import()` (Node's type stripping), so no
 * ts-node/tsx is needed and the CLI and the server use the very same code path.
 */
export class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  private readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  async getMigrations(): Promise<string[]> {
    const files = await readdir(this.directory);
    return files.filter((file) => /^\d+_[\w-]+\.ts$/.test(file)).sort();
  }

  getMigrationName(migration: string): string {
    return migration;
  }

  async getMigration(migration: string): Promise<MigrationModule> {
    return (await import(pathToFileURL(path.join(this.directory, migration)).href)) as MigrationModule;
  }
}
