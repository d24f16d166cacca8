/**
 * `npm run audit:export -- --since 2027-01-01`: the access log's rows since that day (midnight, Swiss time)
 * as JSON Lines on standard output, oldest first, for shipping to a separate store
 * (docs/decisions/148-access-log-hash-chain.md): one object per line with id, at, userId, action,
 * contactId, contactCount, details, device, ipPrefix, prevHash and hash. Where it reads: as
 * api/cli/audit-verify.ts (a running server on the embedded database answers page by page).
 */
import { loadConfigOrExit } from '../platform/config.ts';
import { openAccessLogDatabase } from './access-log-database.ts';
import { AUDIT_EXPORT_USAGE, EXPORT_PAGE, EXPORT_SINCE, exportAccessLog } from '../features/privacy/index.ts';
import { askRunningServer } from '../features/operations/index.ts';

const config = loadConfigOrExit();
const args = process.argv.slice(2);
const sinceAt = args.indexOf('--since');
const since = sinceAt >= 0 ? args[sinceAt + 1] : args.find((arg) => arg.startsWith('--since='))?.slice('--since='.length);
if (!since || !EXPORT_SINCE.test(since) || args.length !== (sinceAt >= 0 ? 2 : 1)) {
  process.stderr.write(`${AUDIT_EXPORT_USAGE}\n`);
  process.exit(1);
}

/** Writes a page, waiting for the pipe to drain so a slow reader does not fill memory. */
async function writeLines(rows: Array<{ id: number }>): Promise<number | undefined> {
  for (const row of rows) {
    if (!process.stdout.write(`${JSON.stringify(row)}\n`)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
  return rows.at(-1)?.id;
}

type Page = (afterId: number) => Promise<Array<{ id: number }>>;

async function exportAll(page: Page): Promise<void> {
  let afterId = 0;
  for (;;) {
    const rows = await page(afterId);
    const last = await writeLines(rows);
    if (last === undefined || rows.length < EXPORT_PAGE) return;
    afterId = last;
  }
}

let served = false;
if (!config.databaseUrl) {
  const first = await askRunningServer(config.dataDir, '/audit-export', { since, afterId: 0 });
  if (first) {
    served = true;
    await exportAll(async (afterId) => {
      const reply = afterId === 0 ? first : await askRunningServer(config.dataDir, '/audit-export', { since, afterId });
      if (!reply || reply.status !== 200) {
        process.stderr.write(`${reply?.body.message ?? 'Le serveur ne répond plus : export interrompu.'}\n`);
        process.exit(2);
      }
      return reply.body.rows as Array<{ id: number }>;
    });
  }
}
if (!served) {
  const knex = await openAccessLogDatabase(config);
  try {
    await exportAll((afterId) => exportAccessLog(knex, since, afterId, EXPORT_PAGE));
  } finally {
    await knex.destroy();
  }
}
