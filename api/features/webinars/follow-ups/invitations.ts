/**
 * The people who signed up while no session was planned (`webinar_interests`) are invited to the
 * next session created (kind `webinar_invitation`), with a signed link that registers them in one step
 * (api/features/webinars/mail/links.ts). Runs in the creation's transaction: the webinar, the invitations and
 * their send jobs commit together. Each person is invited once per waiting period: a later sign-up
 * with no session planned makes them wait again (../seats/seats.ts).
 */
import type { Knex } from 'knex';
import { createEmails } from '../../../platform/mail/outbox.ts';
import { webinarFacts } from '../mail/email-data.ts';
import type { InvitationData } from '../mail/funnel-emails.ts';

export async function inviteWaitingPeople(trx: Knex.Transaction, webinar: Record<string, any>): Promise<number> {
  if (!webinar.isActive || new Date(webinar.datetime).getTime() <= Date.now()) return 0;
  const invited = (await trx('webinarInterests as i')
    .join('leads as l', 'l.id', 'i.leadId')
    .whereNull('i.invitedAt')
    .orderBy([{ column: 'i.createdAt' }, { column: 'i.id' }])
    .forUpdate('i')
    .select('i.id', 'l.id as leadId', 'l.email', 'l.firstName')) as Array<{ id: number; leadId: number; email: string; firstName: string }>;
  if (invited.length === 0) return 0;
  await trx('webinarInterests')
    .whereIn(
      'id',
      invited.map((row) => row.id),
    )
    .update({ invitedAt: trx.fn.now(), invitedWebinarId: webinar.id });
  const facts = webinarFacts(webinar);
  const ids = await createEmails(
    trx,
    invited.map((row) => ({
      kind: 'webinar_invitation' as const,
      causeKey: `webinar_invitation:webinar:${webinar.id}:lead:${row.leadId}`,
      toAddress: row.email,
      leadId: row.leadId,
      webinarId: webinar.id,
      data: { firstName: row.firstName, leadId: row.leadId, webinar: facts } satisfies InvitationData,
    })),
  );
  return ids.length;
}
