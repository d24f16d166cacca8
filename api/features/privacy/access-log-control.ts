/**
 * `npm run audit:verify` and `npm run audit:export` beside a running server on the embedded database: the
 * server answers on its control socket (decision 125), so the data directory is never opened twice. The
 * commands themselves are api/cli/audit-verify.ts and api/cli/audit-export.ts.
 */
import type { Knex } from 'knex';
import type { ControlHandler } from '../../platform/feature.ts';
import { EXPORT_SINCE, exportAccessLog, verifyAccessLog } from './access-log.ts';

/** Rows per control request: the command asks page after page. */
export const EXPORT_PAGE = 1000;

export const AUDIT_EXPORT_USAGE = 'Usage : npm run audit:export -- --since AAAA-MM-JJ   (lignes JSON sur la sortie standard, depuis ce jour à minuit, heure suisse)';

export function accessLogControlHandlers(db: Knex): Record<string, ControlHandler> {
  return {
    '/audit-verify': async () => ({ status: 200, body: { ...(await verifyAccessLog(db)) } }),
    '/audit-export': async (payload) => {
      const { since, afterId } = (payload ?? {}) as { since?: unknown; afterId?: unknown };
      if (typeof since !== 'string' || !EXPORT_SINCE.test(since) || typeof afterId !== 'number' || !Number.isSafeInteger(afterId)) {
        return { status: 400, body: { message: AUDIT_EXPORT_USAGE } };
      }
      return { status: 200, body: { rows: await exportAccessLog(db, since, afterId, EXPORT_PAGE) } };
    },
  };
}
