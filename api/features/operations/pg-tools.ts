/**
 * How the backup commands hand the database to pg_dump / pg_restore without exposing its password:
 * anything on a command line can be read by every user of the machine (`ps`, /proc/<pid>/cmdline),
 * so the password travels in the child's environment (PGPASSWORD, read by libpq) and the connection
 * string on the command line has none.
 * https://www.postgresql.org/docs/current/libpq-envars.html
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';

export interface PgToolConnection {
  /** The connection string without its password (safe on a command line). */
  url: string;
  /** The environment for the child process: PGPASSWORD when the URL carried a password. */
  env: NodeJS.ProcessEnv;
}

export function pgToolConnection(databaseUrl: string, baseEnv: NodeJS.ProcessEnv = process.env): PgToolConnection {
  const url = new URL(databaseUrl);
  // libpq also takes `?password=` in a URI: move it as well.
  const password = url.password ? decodeURIComponent(url.password) : (url.searchParams.get('password') ?? undefined);
  url.password = '';
  url.searchParams.delete('password');
  const env = { ...baseEnv };
  if (password !== undefined) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

/**
 * Backups hold every contact: only the owner may read them. The folder is created 0700 (and a folder
 * this command created earlier is brought back to 0700); files are created 0600 (umask 077, so even a
 * file pg_dump creates is private from its first byte).
 */
export function preparePrivateFolder(folder: string, { enforce }: { enforce: boolean }): void {
  process.umask(0o077);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (enforce) chmodSync(folder, 0o700);
  else if ((statSync(folder).mode & 0o077) !== 0) {
    console.warn(`Attention : le dossier ${folder} est lisible par d'autres utilisateurs ; la sauvegarde elle-même n'est lisible que par vous.`);
  }
}

export function makePrivate(file: string): void {
  chmodSync(file, 0o600);
}
