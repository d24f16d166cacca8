/**
 * Sending an issue (decision 112): the snapshot (one statement: one `emails` row per confirmed
 * subscriber of the audience, cause key per issue and contact, so starting twice adds nobody), the
 * schedule, pause, resume and cancel, the failures sent again, and the test send. The rows get no
 * send job: the dispatcher (./dispatcher.ts) paces them.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { conflict, notFound } from '../../platform/errors.ts';
import { createEmails } from '../../platform/mail/outbox.ts';
import type { MailConfig } from '../../platform/mail/config.ts';
import { NEWSLETTER_MESSAGES } from './contract/index.ts';
import { teamRecipients } from '../contacts/index.ts';
import { assignSlug, audienceSql } from './issues.ts';
import { blockFacts, type IssueEmailData, type PausedAlertData } from './emails.ts';

interface LockedIssue {
  id: number;
  status: string;
  subject: string;
  tags: string[];
  archive: boolean;
}

async function lockIssue(trx: Knex.Transaction, id: number): Promise<LockedIssue> {
  const issue = await trx('newsletters').where({ id }).forUpdate().first<LockedIssue | undefined>('id', 'status', 'subject', 'tags', 'archive');
  if (!issue) throw notFound(NEWSLETTER_MESSAGES.notFound);
  return issue;
}

function refuseFinished(status: string): void {
  if (status === 'sent') throw conflict(NEWSLETTER_MESSAGES.alreadySent);
  if (status === 'cancelled') throw conflict(NEWSLETTER_MESSAGES.cancelled);
  if (status === 'sending' || status === 'paused') throw conflict(NEWSLETTER_MESSAGES.alreadySending);
}

/**
 * The snapshot: the audience as it is now, in one INSERT … SELECT. A contact already holding a row of
 * this issue is skipped (its cause key), so a second start, by this instance or another, adds nothing.
 */
export async function snapshot(trx: Knex.Transaction, issue: Pick<LockedIssue, 'id' | 'tags'>): Promise<number> {
  const { rowCount } = (await trx.raw(
    `insert into emails (kind, cause_key, to_address, lead_id, newsletter_id, data, send_after)
     select 'newsletter_issue', 'newsletter:' || ?::int || ':' || l.id, l.email, l.id, ?::int, jsonb_build_object('issueId', ?::int), now()
     from leads l
     where ${audienceSql('?')}
     order by l.id
     on conflict (cause_key) do nothing`,
    [issue.id, issue.id, issue.id, issue.tags, issue.tags],
  )) as { rowCount: number };
  return rowCount ?? 0;
}

/** Turns a locked draft or scheduled issue into a sending one, with its rows. */
async function start(trx: Knex.Transaction, issue: LockedIssue): Promise<void> {
  await snapshot(trx, issue);
  await trx('newsletters').where({ id: issue.id }).update({ status: 'sending', startedAt: trx.fn.now(), scheduledAt: null, pausedReason: null, refusals: 0, updatedAt: trx.fn.now() });
  // The address is taken when the issue is first sent, so it never moves once published.
  if (issue.archive) await assignSlug(trx, issue.id);
}

/** `POST /{id}/send`: now (the snapshot), or at a future time (scheduled; the dispatcher starts it then). */
export async function sendIssue(db: Knex, id: number, at: Date | undefined): Promise<void> {
  await db.transaction(async (trx) => {
    const issue = await lockIssue(trx, id);
    refuseFinished(issue.status);
    if (at && at.getTime() > Date.now()) {
      await trx('newsletters').where({ id }).update({ status: 'scheduled', scheduledAt: at, updatedAt: trx.fn.now() });
      return;
    }
    if (at) throw conflict(NEWSLETTER_MESSAGES.atInPast);
    const { rows } = await trx.raw<{ rows: Array<{ count: number }> }>(`select count(*)::int as count from leads l where ${audienceSql('?')}`, [issue.tags, issue.tags]);
    if (rows[0]!.count === 0) throw conflict(NEWSLETTER_MESSAGES.emptyAudience);
    await start(trx, issue);
  });
}

/** The scheduled issues whose time has come, started one by one (the dispatcher calls this). */
export async function startDueIssues(db: Knex): Promise<number[]> {
  const due = (await db('newsletters').where({ status: 'scheduled' }).where('scheduledAt', '<=', db.fn.now()).orderBy('scheduledAt').pluck('id')) as number[];
  const started: number[] = [];
  for (const id of due) {
    await db.transaction(async (trx) => {
      // Another instance may have started it meanwhile: the lock and the status decide.
      const issue = await trx('newsletters').where({ id, status: 'scheduled' }).forUpdate().skipLocked().first<LockedIssue | undefined>('id', 'status', 'subject', 'tags', 'archive');
      if (!issue) return;
      await start(trx, issue);
      started.push(id);
    });
  }
  return started;
}

/**
 * Waits until no message of the issue is in an SMTP conversation (claimed), at most `limitMs`: once
 * a pause or cancel answers, no message of it starts (a claim taken after the status changed sees it
 * and holds the row). A lease left by a killed process is not waited for beyond the limit.
 */
async function settle(db: Knex, id: number, limitMs = 1_500): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const busy = await db('emails').where({ newsletterId: id, kind: 'newsletter_issue', status: 'queued' }).where('claimedUntil', '>', db.fn.now()).first('id');
    if (!busy || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function pauseIssue(db: Knex, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const issue = await lockIssue(trx, id);
    if (issue.status !== 'sending') throw conflict(issue.status === 'sent' ? NEWSLETTER_MESSAGES.alreadySent : NEWSLETTER_MESSAGES.notPausable);
    await trx('newsletters').where({ id }).update({ status: 'paused', pausedReason: null, updatedAt: trx.fn.now() });
  });
  await settle(db, id);
}

/** Resume: the rows still queued go on; rows already sent stay sent, so nobody gets it twice. */
export async function resumeIssue(db: Knex, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const issue = await lockIssue(trx, id);
    if (issue.status !== 'paused') throw conflict(issue.status === 'sent' ? NEWSLETTER_MESSAGES.alreadySent : NEWSLETTER_MESSAGES.notResumable);
    await trx('newsletters').where({ id }).update({ status: 'sending', pausedReason: null, refusals: 0, updatedAt: trx.fn.now() });
  });
}

export const CANCELLED_WITH_ISSUE = 'Newsletter annulée';

function cancelQueued(db: Knex, id: number) {
  return db('emails')
    .where({ newsletterId: id, kind: 'newsletter_issue', status: 'queued' })
    .where((builder) => builder.whereNull('claimedUntil').orWhere('claimedUntil', '<', db.fn.now()))
    .update({ status: 'cancelled', lastError: CANCELLED_WITH_ISSUE, claimedUntil: null, updatedAt: db.fn.now() });
}

/**
 * Cancel: the issue and its queued rows in one transaction; a scheduled or draft issue never starts.
 * A message already in its SMTP conversation finishes (it is counted sent); once it has, any row it
 * left queued is cancelled too.
 */
export async function cancelIssue(db: Knex, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const issue = await lockIssue(trx, id);
    if (issue.status === 'sent') throw conflict(NEWSLETTER_MESSAGES.alreadySent);
    if (issue.status === 'cancelled') throw conflict(NEWSLETTER_MESSAGES.cancelled);
    await trx('newsletters').where({ id }).update({ status: 'cancelled', updatedAt: trx.fn.now() });
    await cancelQueued(trx, id);
  });
  await settle(db, id);
  await cancelQueued(db, id);
}

/** "Renvoyer aux échecs": failed rows queued again (their attempts from zero); a sent issue sends again. */
export async function retryFailed(db: Knex, id: number): Promise<number> {
  return db.transaction(async (trx) => {
    const issue = await lockIssue(trx, id);
    if (issue.status === 'draft' || issue.status === 'scheduled') throw conflict(NEWSLETTER_MESSAGES.notStarted);
    if (issue.status === 'cancelled') throw conflict(NEWSLETTER_MESSAGES.cancelled);
    // Only people still subscribed: a bounced address is not tried again.
    const requeued = await trx('emails')
      .where({ newsletterId: id, kind: 'newsletter_issue', status: 'failed' })
      .whereIn('leadId', trx('leads').where({ newsletterStatus: 'subscribed' }).select('id'))
      .update({ status: 'queued', attempts: 0, sendAfter: trx.fn.now(), claimedUntil: null, updatedAt: trx.fn.now() });
    if (requeued === 0) throw conflict(NEWSLETTER_MESSAGES.noRetry);
    if (issue.status === 'sent') await trx('newsletters').where({ id }).update({ status: 'sending', sentAt: null, refusals: 0, updatedAt: trx.fn.now() });
    return requeued;
  });
}

/** The test send: the issue as a subscriber would get it, to one address, marked "[Test]", not counted. */
export async function sendTest(db: Knex, id: number, to: string): Promise<number> {
  const issue = await db('newsletters')
    .where({ id })
    .first<{ id: number; subject: string; preheader: string; body: string; slug: string | null } | undefined>('id', 'subject', 'preheader', 'body', 'slug');
  if (!issue) throw notFound(NEWSLETTER_MESSAGES.notFound);
  const data: IssueEmailData = { issueId: id, subject: issue.subject, preheader: issue.preheader, body: issue.body, campaign: issue.slug ?? String(id), ...(await blockFacts(db, issue.body)) };
  return db.transaction(async (trx) => {
    const [emailId] = await createEmails(trx, [{ kind: 'newsletter_test', causeKey: `newsletter_test:${id}:${randomUUID()}`, toAddress: to, leadId: null, newsletterId: id, data }]);
    return emailId!;
  });
}

/** Turns the issues whose rows are all settled `sent` (none queued any more). */
export async function finishIssues(db: Knex, ids?: number[]): Promise<void> {
  const query = db('newsletters as n')
    .where('n.status', 'sending')
    .whereNotExists(db('emails as e').whereRaw('e.newsletter_id = n.id').where({ 'e.kind': 'newsletter_issue', 'e.status': 'queued' }).select(db.raw('1')));
  if (ids) query.whereIn('n.id', ids);
  await query.update({ status: 'sent', sentAt: db.fn.now(), updatedAt: db.fn.now() });
}

/**
 * Repeated temporary refusals: the issue pauses with its reason, and the team gets one alert (only
 * the transition from sending to paused writes it).
 */
export async function pauseForRefusals(db: Knex, mail: MailConfig, id: number, reason: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const issue = await trx('newsletters').where({ id, status: 'sending' }).forUpdate().first<{ id: number; subject: string } | undefined>('id', 'subject');
    if (!issue) return false;
    await trx('newsletters').where({ id }).update({ status: 'paused', pausedReason: reason, updatedAt: trx.fn.now() });
    const counts = await trx('emails')
      .where({ newsletterId: id, kind: 'newsletter_issue' })
      .whereIn('status', ['sent', 'queued'])
      .groupBy('status')
      .select('status', trx.raw('count(*)::int as count'));
    const count = (status: string) => Number((counts as Array<{ status: string; count: number }>).find((row) => row.status === status)?.count ?? 0);
    const team = await teamRecipients(trx, mail);
    if (team.length > 0) {
      const data: PausedAlertData = { issueId: id, subject: issue.subject, reason, sent: count('sent'), queued: count('queued') };
      await createEmails(trx, [{ kind: 'newsletter_paused_alert', causeKey: `newsletter_paused_alert:${id}:${randomUUID()}`, toAddress: team.join(', '), leadId: null, newsletterId: id, data }]);
    }
    return true;
  });
}
