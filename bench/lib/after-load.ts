/**
 * What a lead-capture load leaves behind, dealt with before the next target is measured: the rows it
 * stored, the e-mails its submissions queued, and the dead rows of a drained backlog.
 */
import { withClient } from './pg.ts';
import { log, round, sleep } from './util.ts';

/** Contacts stored under a load's e-mail prefix. */
export async function storedCount(url: string, prefix: string): Promise<number> {
  return withClient(url, async (client) => Number((await client.query<{ n: string }>('select count(*) as n from leads where email like $1', [`${prefix}-%`])).rows[0]!.n));
}

/** The backlog may take as long as it needs while it shrinks; it counts as stuck after this long without progress. */
const BACKLOG_STALL_MS = 120_000;

/**
 * Waits until the workers of an instance have handled what its measured load caused (every submission's
 * e-mails created and tried once), so that work does not run during the next target's measurement.
 * No fixed deadline: the backlog grows with the machine's speed (about 37,000 e-mails after 13 s of
 * load on a fast machine took over 5 min to drain), so only a backlog that stops shrinking is an error.
 */
export async function waitForEmailBacklog(databaseUrl: string, label: string): Promise<void> {
  const started = Date.now();
  let fewest = Number.POSITIVE_INFINITY;
  let lastProgress = started;
  for (;;) {
    const pending = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ prepare: string; unsent: string }>(
        `select (select count(*) from pgboss.job where name = 'emails-prepare' and state in ('created', 'retry', 'active')) as prepare,
                (select count(*) from emails where status = 'queued' and attempts = 0 and send_after <= now()) as unsent`,
      );
      return Number(rows[0]!.prepare) + Number(rows[0]!.unsent);
    });
    if (pending === 0) break;
    if (pending < fewest) {
      fewest = pending;
      lastProgress = Date.now();
    }
    if (Date.now() - lastProgress > BACKLOG_STALL_MS) {
      throw new Error(`leads: ${label}: e-mail backlog stuck at ${pending} for ${BACKLOG_STALL_MS / 1000} s`);
    }
    await sleep(500);
  }
  log(`leads: ${label}: e-mail backlog handled in ${round((Date.now() - started) / 1000)} s`);
}

/**
 * Cleans up after a target as autovacuum would between two bursts. A drained backlog leaves every
 * e-mail row and job row updated two or three times, and a server with autovacuum off (this machine's
 * shared PostgreSQL has `autovacuum = off`) kept those dead rows and never re-analyzed the tables: in
 * the full run of 2026-11-25 each round's drain was slower than the last (380, then 290, then 170
 * e-mails/s), and in the SMTP-down instance's third round PostgreSQL spent twice the CPU per request
 * of its first two. With autovacuum on, as in production, this happens soon after the burst; an
 * explicit VACUUM (ANALYZE) puts every round on the same footing whatever the server's setting.
 */
export async function vacuumAfter(databaseUrl: string, label: string): Promise<void> {
  const started = Date.now();
  await withClient(databaseUrl, (client) => client.query('vacuum (analyze)'));
  log(`leads: ${label}: VACUUM (ANALYZE) of its database in ${round((Date.now() - started) / 1000)} s`);
}
