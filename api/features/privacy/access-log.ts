/**
 * Reading the access log (docs/decisions/147-access-log.md, docs/decisions/148-access-log-hash-chain.md):
 * a contact's entries ("Consultations" and the per-contact export), the chain's verification
 * (`npm run audit:verify`), the export as JSON Lines (`npm run audit:export`), and the deletion of the
 * rows older than the retention (the weekly retention run). The rows are written by the platform
 * (api/platform/access-log.ts); the database chains them (migrations/20261209_accounts_6_access_log.ts).
 */
import type { Knex } from 'knex';
import type { AccessLogAction } from '../../contract/access-log.ts';
import type { AccessLogEntryRow } from './contract/index.ts';

/** The rows that name the contact: as the one contact read, exported or erased, or among an export's or a bulk action's ids. */
function aboutContact(db: Knex, contactId: number) {
  return db('access_log as a').where((builder) => builder.where('a.contactId', contactId).orWhereRaw(`a.details -> 'contactIds' @> ?::jsonb`, [JSON.stringify([contactId])]));
}

/** A contact's entries, newest first, with who (their e-mail when the account still exists). */
export async function listContactAccess(db: Knex, contactId: number, page: { page: number; limit: number }): Promise<{ entries: AccessLogEntryRow[]; total: number }> {
  const [entries, count] = await Promise.all([
    aboutContact(db, contactId)
      .leftJoin('users as u', 'u.id', 'a.userId')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .select<AccessLogEntryRow[]>('a.at', 'a.userId', 'u.email as userEmail', 'a.action'),
    aboutContact(db, contactId).count({ total: '*' }).first(),
  ]);
  return { entries, total: Number(count?.total ?? 0) };
}

/** Every entry about the contact, oldest first (the per-contact export). */
export function allContactAccess(db: Knex, contactId: number): Promise<AccessLogEntryRow[]> {
  return aboutContact(db, contactId).leftJoin('users as u', 'u.id', 'a.userId').orderBy('a.id', 'asc').select<AccessLogEntryRow[]>('a.at', 'a.userId', 'u.email as userEmail', 'a.action');
}

export type ChainVerdict = { intact: true; checked: number; message: string } | { intact: false; checked: number; brokenId: number; message: string };

const ROW_HASH = 'access_log_row_hash(id, at, user_id, action, contact_id, contact_count, details, device, ip_prefix, prev_hash)';

/**
 * Recomputes every row's hash and checks that each row's `prev_hash` is the hash of the row before it, in
 * id order. The oldest remaining row's `prev_hash` is taken as given: retention deleted its predecessor.
 */
export async function verifyAccessLog(db: Knex): Promise<ChainVerdict> {
  // One statement over the whole log: beyond the 15 s bound of an ordinary query on a large log.
  const { rows } = (await db.transaction(async (trx) => {
    await trx.raw('set local statement_timeout = 0');
    return trx.raw(`
    with chained as (
      select id, hash, prev_hash, ${ROW_HASH} as recomputed,
             lag(id) over (order by id) as previous_id, lag(hash) over (order by id) as previous_hash
        from access_log
    )
    select (select count(*) from access_log) as checked, broken.*
      from (select 1) as one
      left join lateral (
        select id, previous_id as previous, recomputed = hash as intact
          from chained
         where recomputed <> hash or (previous_id is not null and prev_hash is distinct from previous_hash)
         order by id
         limit 1
      ) as broken on true`);
  })) as { rows: Array<{ checked: string | number; id: string | number | null; previous: string | number | null; intact: boolean | null }> };
  const row = rows[0]!;
  const checked = Number(row.checked);
  if (row.id === null) return { intact: true, checked, message: `Journal des accès intact : ${checked} ${checked === 1 ? 'entrée vérifiée' : 'entrées vérifiées'}.` };
  const brokenId = Number(row.id);
  const why = row.intact
    ? `elle ne suit plus l’entrée n° ${Number(row.previous)} (une entrée entre les deux a été supprimée, ou l’entrée n° ${Number(row.previous)} modifiée)`
    : 'son empreinte ne correspond plus à son contenu';
  return { intact: false, checked, brokenId, message: `Entrée n° ${brokenId} modifiée ou supprimée : ${why}. Journal des accès non intègre.` };
}

/** One row of `npm run audit:export` (JSON Lines); `at` as the hash reads it (UTC, microseconds). */
export interface ExportedAccess {
  id: number;
  at: string;
  userId: number | null;
  action: AccessLogAction;
  contactId: number | null;
  contactCount: number | null;
  details: Record<string, unknown>;
  device: string | null;
  ipPrefix: string | null;
  prevHash: string | null;
  hash: string;
}

/** `YYYY-MM-DD`: from that day's midnight, Swiss time. */
export const EXPORT_SINCE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A page of the rows since a day, after a given id (the export reads the log in pages). */
export async function exportAccessLog(db: Knex, since: string, afterId: number, limit: number): Promise<ExportedAccess[]> {
  const rows = await db('access_log')
    .where('at', '>=', db.raw(`?::date::timestamp at time zone 'Europe/Zurich'`, [since]))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .select(
      'id',
      db.raw(`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`),
      'userId',
      'action',
      'contactId',
      'contactCount',
      'details',
      'device',
      'ipPrefix',
      'prevHash',
      'hash',
    );
  return rows.map((row: ExportedAccess) => ({ ...row, id: Number(row.id) }));
}

/**
 * Deletes the rows older than the retention, oldest first and only a prefix of the chain (the rows before
 * the first one still kept, and never the newest), so the remaining rows stay one unbroken chain. The transaction declares the
 * retention to the database's trigger, which refuses anything newer and any retention under 365 days.
 */
export async function purgeAccessLog(db: Knex, retentionDays: number): Promise<number> {
  return db.transaction(async (trx): Promise<number> => {
    await trx.raw(`select set_config('innercircle.access_log_retention_days', ?, true)`, [String(retentionDays)]);
    const cutoff = trx.raw(`now() - make_interval(days => ?)`, [retentionDays]);
    const firstKept = trx('access_log').where('at', '>=', cutoff).min('id');
    const deleted = await trx('access_log')
      .where('at', '<', cutoff)
      .where((builder) => builder.whereRaw('id < (?)', [firstKept]).orWhereNotExists(trx('access_log').where('at', '>=', cutoff)))
      // The newest row always stays: the next one links to it, and ids never start again.
      .whereRaw('id < (select max(id) from access_log)')
      .delete()
      .returning('id');
    // Counted from `returning`: inside a transaction PGlite's knex client answers a delete with its raw result.
    return deleted.length;
  });
}
