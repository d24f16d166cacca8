/**
 * `webinar-followups`: once a session has started, each registrant marked attended or no-show gets one
 * follow-up (kind `webinar_followup`): thanks and the way to book a discovery call, or the next
 * session's date (decision 053). A pg-boss cron every minute looks at the statuses as they stand, so it
 * does not matter how they were set (the back office, an attendance import, a script). The e-mail's
 * unique cause key (`webinar_followup:registration:<id>`) is the "sent once" record: two runs at once,
 * or a status changed back and forth, never yield a second follow-up.
 * Only sessions that started less than FOLLOWUP_MAX_AGE_DAYS ago get follow-ups: "thanks for coming"
 * weeks later reads as a mistake, and a restart after downtime (or statuses marked late on an old
 * session) must not send one for every past session (decision 053).
 */
import type { Database } from '../../../platform/db.ts';
import { createEmails } from '../../../platform/mail/outbox.ts';
import type { FollowupData } from '../mail/funnel-emails.ts';
import { webinarFacts } from '../mail/email-data.ts';
import type { Cron } from '../../../platform/queue/scheduled.ts';

export const FOLLOWUP_QUEUE = 'webinar-followups';
export const FOLLOWUP_SCHEDULE = '* * * * *';
const BATCH = 200;
/** A session older than this (from its start) gets no follow-up any more. */
export const FOLLOWUP_MAX_AGE_DAYS = 7;

interface Due {
  registrationId: number;
  status: string;
  leadId: number;
  email: string;
  firstName: string;
  webinarId: number;
}

/** Queues the follow-ups due now; returns how many were created. */
export async function queueDueFollowups(db: Database): Promise<number> {
  let created = 0;
  for (;;) {
    const batch = await db.transaction(async (trx) => {
      const due = (await trx('webinarRegistrations as r')
        .join('webinars as w', 'w.id', 'r.webinarId')
        .join('leads as l', 'l.id', 'r.leadId')
        .whereIn('r.status', ['attended', 'no-show'])
        .where('w.datetime', '<=', trx.fn.now())
        .where('w.datetime', '>', trx.raw(`now() - make_interval(days => ?)`, [FOLLOWUP_MAX_AGE_DAYS]))
        .whereNotExists(trx('emails as e').whereRaw(`e.cause_key = 'webinar_followup:registration:' || r.id`))
        .orderBy('r.id')
        .limit(BATCH)
        .select('r.id as registrationId', 'r.status', 'l.id as leadId', 'l.email', 'l.firstName', 'w.id as webinarId')) as Due[];
      if (due.length === 0) return { rows: 0, created: 0 };
      const webinars = new Map<number, Record<string, any>>();
      for (const row of await trx('webinars').whereIn('id', [...new Set(due.map((item) => item.webinarId))])) webinars.set(row.id, row);
      const next = await trx('webinars')
        .where('isActive', true)
        .where('datetime', '>', trx.fn.now())
        .orderBy([{ column: 'datetime' }, { column: 'id' }])
        .first('datetime');
      const ids = await createEmails(
        trx,
        due.map((row) => ({
          kind: 'webinar_followup' as const,
          causeKey: `webinar_followup:registration:${row.registrationId}`,
          toAddress: row.email,
          leadId: row.leadId,
          webinarId: row.webinarId,
          registrationId: row.registrationId,
          data: {
            firstName: row.firstName,
            registrationId: row.registrationId,
            leadId: row.leadId,
            attended: row.status === 'attended',
            webinar: webinarFacts(webinars.get(row.webinarId)!),
            next: next ? { datetime: new Date(next.datetime).toISOString() } : null,
          } satisfies FollowupData,
        })),
      );
      return { rows: due.length, created: ids.length };
    });
    created += batch.created;
    if (batch.rows < BATCH) return created;
  }
}

/** The follow-ups after a session (decision 053): a cron every minute. */
export const followupsCron: Cron = {
  queue: FOLLOWUP_QUEUE,
  schedule: FOLLOWUP_SCHEDULE,
  expireInSeconds: 300,
  pollingIntervalSeconds: 5,
  async run({ knex, logger }) {
    const created = await queueDueFollowups(knex);
    if (created > 0) logger.info({ created }, 'webinar follow-ups queued');
  },
};
