/**
 * CSV exports streamed from the database, so memory stays flat whatever the count:
 * - PostgreSQL: one query read through a server-side cursor (knex `.stream()`, pg-query-stream), in
 *   its own read transaction with a longer statement timeout;
 * - PGlite (no cursor through knex-pglite, one connection for the whole process): batches of
 *   BATCH_SIZE rows by keyset on the id, so other requests run between two batches.
 * The caller's `onEnd` (the audit event: filters, row count) runs after the last row, before the file's end.
 */
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { Readable } from 'node:stream';

export const BATCH_SIZE = 2000;
/** How long one export's query may run on PostgreSQL (a million rows to a slow connection). */
const EXPORT_STATEMENT_TIMEOUT = '30min';

function isPostgres(db: Knex): boolean {
  return db.client.config.client === 'pg';
}

/**
 * Every row of `build()`, by ascending or descending `idColumn` (a unique integer), one at a time.
 * `onEnd` runs once after the last row with the count.
 */
export async function* streamRows<Row extends { id: number }>(
  db: Knex,
  build: () => Knex.QueryBuilder,
  options: { idColumn: string; order: 'asc' | 'desc'; onEnd?: (count: number) => Promise<void> },
): AsyncGenerator<Row> {
  let count = 0;
  if (isPostgres(db)) {
    // The cursor's fetches are one statement for `statement_timeout` (15 s, against runaway queries):
    // an export of a million rows to a slow client lasts longer. Its own transaction lifts the bound
    // for this statement only (and reads one consistent snapshot).
    const trx = await db.transaction();
    try {
      await trx.raw(`set local statement_timeout = '${EXPORT_STATEMENT_TIMEOUT}'`);
      const cursor = build()
        .transacting(trx)
        .orderBy(options.idColumn, options.order)
        .stream({ batchSize: 500 } as never) as unknown as AsyncIterable<Row>;
      for await (const row of cursor) {
        count += 1;
        yield row;
      }
      await trx.commit();
    } finally {
      if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
    }
  } else {
    let after: number | undefined;
    for (;;) {
      const query = build().orderBy(options.idColumn, options.order).limit(BATCH_SIZE);
      if (after !== undefined) query.where(options.idColumn, options.order === 'asc' ? '>' : '<', after);
      const rows = (await query) as Row[];
      for (const row of rows) yield row;
      count += rows.length;
      if (rows.length < BATCH_SIZE) break;
      after = rows.at(-1)!.id;
    }
  }
  await options.onEnd?.(count);
}

export interface CsvExport {
  filename: string;
  body: Readable;
}

/** Sends an export as a download. */
export function sendCsv(ctx: Context, file: CsvExport): void {
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = file.body;
}
