/**
 * Housekeeping that keeps the shared tables small, run by every server process every few minutes
 * (each task is safe to run concurrently from several processes):
 * expired rate-limit counters, idempotency keys older than a day, and the contact and tag counter rows.
 */
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { purgeExpiredLimits } from '../../platform/lib/rate-limit.ts';
import { purgeOldIdempotencyKeys } from '../../platform/lib/idempotency.ts';
import { compactLeadCounts, compactTagCounts } from '../contacts/index.ts';

export const MAINTENANCE_INTERVAL_MS = 5 * 60 * 1000;

export async function runMaintenance(knex: Database): Promise<void> {
  await purgeExpiredLimits(knex);
  await purgeOldIdempotencyKeys(knex);
  await compactLeadCounts(knex);
  await compactTagCounts(knex);
}

/** Starts the periodic run; the returned function stops it (on shutdown). */
export function scheduleMaintenance(knex: Database, logger: Logger): () => void {
  const timer = setInterval(() => {
    runMaintenance(knex).catch((error: unknown) => logger.warn({ err: error }, 'maintenance failed; will retry'));
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
