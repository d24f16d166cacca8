/**
 * A database of the test's own on the PostgreSQL server of TEST_DATABASE_URL, created with a random
 * name and dropped (with its open connections) when the test is done: no two files share data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** Runs one statement on the server of TEST_DATABASE_URL (its maintenance database), on a connection of its own. */
export async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `template`: a migrated database to copy (tests/template-database.ts) instead of an empty one. */
export async function createScratchDatabase(prefix: string, options: { template?: string } = {}): Promise<ScratchDatabase> {
  const name = `innercircle_${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(options.template ? `create database "${name}" template "${options.template}"` : `create database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists "${name}" with (force)`) };
}
