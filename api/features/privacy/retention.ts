/**
 * Retention (revFADP Art. 6 al. 4: data no longer needed is destroyed):
 * - a contact is inactive when nothing happened for RETENTION_MONTHS: no submission or note
 *   (activities), no registration, no e-mail, no booked call (made or held since), no change, and no running newsletter subscription
 *   (the person asked to hear from us until they unsubscribe). Inactive contacts are erased one by
 *   one (api/features/contacts/records/erasure.ts), each erasure audited as `lead_erased` with reason `retention`;
 * - invoices, credit notes and payments are accounting records (CO art. 958f, ten years): erasing their
 *   contact keeps them (api/features/contacts/records/erasure.ts, `KEPT`); a contact with an unpaid or
 *   recent invoice is not inactive. Once their ten years have ended they are destroyed
 *   (./accounting-destruction.ts, decision 143);
 * - the access log's rows older than ACCESS_LOG_RETENTION_DAYS (at least 365) are deleted by the weekly
 *   run too (./access-log.ts `purgeAccessLog`, from ./retention-job.ts; decision 147);
 * - a contact's sequence run over (completed or exited) for RETENTION_MONTHS is deleted with its sends
 *   (`deleteEndedSequenceRuns`, from ./retention-job.ts; decision 156): the notice says so;
 * - e-mails older than EMAIL_BODY_RETENTION_DAYS lose their subject's facts and bodies (`data`,
 *   `text_body`, `html_body`); kind, status, dates and recipient's contact link stay. Queued e-mails
 *   (reminders weeks ahead) are left alone.
 */
import type { Knex } from 'knex';
import { CronExpressionParser } from 'cron-parser';
import { RETENTION_SCHEDULE, RETENTION_TIME_ZONE, type RetentionConfig } from '../../platform/config-retention.ts';
import { eraseLead } from '../contacts/index.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { recordAccess } from '../../platform/access-log.ts';
import { destroyAccountingRecordsPastTenYears } from './accounting-destruction.ts';

function inactiveLeads(db: Knex, config: RetentionConfig) {
  const cutoff = db.raw(`now() - make_interval(months => ?)`, [config.months]);
  return (
    db('leads as l')
      .where('l.createdAt', '<', cutoff)
      .where('l.updatedAt', '<', cutoff)
      .where((builder) => builder.whereNull('l.newsletterStatus').orWhereNot('l.newsletterStatus', 'subscribed'))
      .whereNotExists(
        db('activities as a')
          .whereRaw('a.lead_id = l.id')
          .where((b) => b.where('a.createdAt', '>=', cutoff).orWhere('a.updatedAt', '>=', cutoff)),
      )
      .whereNotExists(db('webinarRegistrations as r').whereRaw('r.lead_id = l.id').where('r.registeredAt', '>=', cutoff))
      .whereNotExists(db('emails as e').whereRaw('e.lead_id = l.id').where('e.createdAt', '>=', cutoff))
      // A call booked recently, or still to come, is a running relation.
      .whereNotExists(
        db('bookings as b')
          .whereRaw('b.lead_id = l.id')
          .where((b) => b.where('b.createdAt', '>=', cutoff).orWhere('b.endAt', '>=', cutoff)),
      )
      // A client with an invoice still to be paid (or to be issued), or a recent one, is a running relation.
      .whereNotExists(
        db('invoices as i')
          .whereRaw('i.lead_id = l.id')
          .where((b) => b.whereIn('i.status', ['scheduled', 'open']).orWhere('i.createdAt', '>=', cutoff)),
      )
  );
}

function bodiesToEmpty(db: Knex, config: RetentionConfig) {
  return db('emails')
    .whereNot('status', 'queued')
    .where('createdAt', '<', db.raw(`now() - make_interval(days => ?)`, [config.emailBodyDays]))
    .where((builder) => builder.whereNotNull('textBody').orWhereNotNull('htmlBody').orWhereRaw(`data <> '{}'::jsonb`));
}

/**
 * Deletes the sequence runs over for `config.months` (their sends go with them: `on delete cascade`), the
 * contact's other data staying. A run still active is never deleted. Answers how many went.
 */
export async function deleteEndedSequenceRuns(db: Knex, config: RetentionConfig): Promise<number> {
  const deleted = await db('sequenceRuns')
    .whereNot('state', 'active')
    .whereRaw('coalesce(completed_at, exited_at, entered_at) < now() - make_interval(months => ?)', [config.months])
    .delete()
    .returning('id');
  // Counted from `returning`: inside a transaction PGlite's knex client answers a delete with its raw result.
  return deleted.length;
}

export function nextRetentionRun(from = new Date()): Date {
  return CronExpressionParser.parse(RETENTION_SCHEDULE, { tz: RETENTION_TIME_ZONE, currentDate: from }).next().toDate();
}

/** `GET /api/admin/retention`: what the next run would erase, counted now. */
export async function retentionPreview(db: Knex, config: RetentionConfig) {
  const [leads, emails] = await Promise.all([inactiveLeads(db, config).count({ total: '*' }).first(), bodiesToEmpty(db, config).count({ total: '*' }).first()]);
  return { nextRunAt: nextRetentionRun().toISOString(), leadsToErase: Number(leads?.total ?? 0), emailBodiesToEmpty: Number(emails?.total ?? 0) };
}

/** One run: erases the inactive contacts (each audited), empties the old bodies, then destroys the accounting records past their ten years (audited). */
export async function runRetention(db: Knex, config: RetentionConfig): Promise<{ leadsErased: number; emailBodiesEmptied: number; accountingRecordsDestroyed: number }> {
  const ids = (await inactiveLeads(db, config).orderBy('l.id').pluck('l.id')) as number[];
  let leadsErased = 0;
  for (const id of ids) {
    await db.transaction(async (trx) => {
      await eraseLead(trx, id);
      await recordAuditEvent(trx, { type: 'lead_erased', details: { leadId: id, reason: 'retention' } });
      await recordAccess(trx, { action: 'contact_erased', contactId: id, contactCount: 1, details: { reason: 'retention' } });
    });
    leadsErased += 1;
  }
  const emailBodiesEmptied = await db('emails').whereIn('id', bodiesToEmpty(db, config).select('id')).update({ textBody: null, htmlBody: null, data: '{}', updatedAt: db.fn.now() });
  const destroyed = await destroyAccountingRecordsPastTenYears(db);
  const accountingRecordsDestroyed = destroyed.invoices + destroyed.creditNotes + destroyed.payments + destroyed.bankFiles;
  return { leadsErased, emailBodiesEmptied, accountingRecordsDestroyed };
}
