/** The dashboard's backup figures: the last scheduled backup that succeeded and the last that failed (audit events). */
import type { Knex } from 'knex';

interface Outcome {
  createdAt: Date;
  details: { message?: string };
}

async function last(db: Knex, type: 'backup_completed' | 'backup_failed'): Promise<Outcome | undefined> {
  return db('audit_events')
    .where({ type })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<Outcome | undefined>('createdAt', 'details');
}

export async function backupStats(db: Knex) {
  const [success, failure] = await Promise.all([last(db, 'backup_completed'), last(db, 'backup_failed')]);
  return {
    lastSuccess: success ? { at: new Date(success.createdAt) } : null,
    lastFailure: failure ? { at: new Date(failure.createdAt), message: failure.details.message ?? '' } : null,
  };
}
