/**
 * Throw-away PostgreSQL databases for one run, created on the server of `BENCH_DATABASE_URL`
 * (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end, even on Ctrl-C.
 */
import pg from 'pg';
import { RUN_ID, log } from './util.ts';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const created = new Set<string>();

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function postgresVersion(): Promise<string> {
  return withClient(ADMIN_URL, async (client) => (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version);
}

export async function isPostgresReachable(): Promise<boolean> {
  try {
    await withClient(ADMIN_URL, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

export async function createDatabase(purpose: string): Promise<{ name: string; url: string }> {
  const name = `bench_${purpose}_${RUN_ID}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await withClient(ADMIN_URL, (client) => client.query(`create database "${name}"`));
  created.add(name);
  return { name, url: databaseUrl(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await withClient(ADMIN_URL, (client) => client.query(`drop database if exists "${name}" with (force)`));
  created.delete(name);
}

export async function dropAllCreated(): Promise<void> {
  for (const name of [...created]) {
    try {
      await dropDatabase(name);
    } catch (error) {
      log(`could not drop database ${name}: ${(error as Error).message}`);
    }
  }
}
