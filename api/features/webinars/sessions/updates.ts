/**
 * Editing a webinar: any field, with the creation rules. A change of date, time, duration
 * or join link is a new version of the session for the people holding a seat or waiting for one: the
 * webinar's calendar SEQUENCE goes up, each of them gets a `webinar_update` e-mail with a calendar
 * file of the same UID, and the waiting reminders move. All in the transaction of the change.
 */
import type { Knex } from 'knex';
import { Webinar } from '../../../models/index.ts';
import type { WebinarUpdate } from '../contract/index.ts';
import { MESSAGES, notFound } from '../../../platform/errors.ts';
import { createEmails } from '../../../platform/mail/outbox.ts';
import { rescheduleWebinarReminders } from '../mail/reminders.ts';
import { webinarFacts, type RegistrationEmailData } from '../mail/email-data.ts';

/** Who is told about a change: a seat held, or a place on the waiting list. */
export const UPDATE_RECIPIENT_STATUSES: readonly string[] = ['registered', 'waitlisted'];

type Changes = Partial<Pick<Webinar, 'title' | 'description' | 'datetime' | 'duration' | 'maxAttendees' | 'location' | 'registrationUrl' | 'imageUrl' | 'joinUrl' | 'isActive'>>;

function changesOf(input: WebinarUpdate): Changes {
  // `date` and `time` are the form's own inputs: `datetime` is authoritative, as at creation.
  const { date: _date, time: _time, datetime, ...fields } = input;
  const changes: Changes = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  if (datetime !== undefined) changes.datetime = new Date(datetime);
  return changes;
}

function isScheduleChange(before: Webinar, changes: Changes): boolean {
  return (
    (changes.datetime !== undefined && changes.datetime.getTime() !== new Date(before.datetime).getTime()) ||
    (changes.duration !== undefined && changes.duration !== before.duration) ||
    (changes.joinUrl !== undefined && (changes.joinUrl ?? null) !== (before.joinUrl ?? null))
  );
}

export async function updateWebinar(db: Knex, id: number, input: WebinarUpdate): Promise<Webinar> {
  return db.transaction(async (trx) => {
    // The lock orders this change against sign-ups and other edits of the same webinar.
    const before = await Webinar.query(trx).findById(id).forUpdate();
    if (!before) throw notFound(MESSAGES.webinarNotFound);
    const changes = changesOf(input);
    const rescheduled = isScheduleChange(before, changes);
    if (Object.keys(changes).length === 0) return before;
    const after = await Webinar.query(trx).patchAndFetchById(id, {
      ...changes,
      ...(rescheduled ? { calendarSequence: before.calendarSequence + 1 } : {}),
    });
    if (changes.datetime !== undefined && changes.datetime.getTime() !== new Date(before.datetime).getTime()) {
      await rescheduleWebinarReminders(trx, id);
    }
    if (rescheduled) await enqueueWebinarUpdates(trx, after);
    return after;
  });
}

/**
 * One `webinar_update` per registrant of a session still to come; an update not sent yet is replaced
 * by this newer one (its cause key carries the sequence, so each version is its own e-mail).
 */
async function enqueueWebinarUpdates(trx: Knex.Transaction, webinar: Webinar): Promise<number> {
  await trx('emails')
    .where({ webinarId: webinar.id, kind: 'webinar_update', status: 'queued' })
    .update({ status: 'cancelled', lastError: 'Remplacé par une modification plus récente.', updatedAt: trx.fn.now() });
  if (new Date(webinar.datetime).getTime() <= Date.now()) return 0;
  const registrants = (await trx('webinarRegistrations as r')
    .join('leads as l', 'l.id', 'r.leadId')
    .where('r.webinarId', webinar.id)
    .whereIn('r.status', UPDATE_RECIPIENT_STATUSES)
    .select('r.id as registrationId', 'l.id as leadId', 'l.email', 'l.firstName')) as Array<{ registrationId: number; leadId: number; email: string; firstName: string }>;
  const facts = webinarFacts(webinar);
  const ids = await createEmails(
    trx,
    registrants.map((row) => ({
      kind: 'webinar_update' as const,
      causeKey: `webinar_update:registration:${row.registrationId}:sequence:${webinar.calendarSequence}`,
      toAddress: row.email,
      leadId: row.leadId,
      webinarId: webinar.id,
      registrationId: row.registrationId,
      data: { firstName: row.firstName, registrationId: row.registrationId, webinar: facts } satisfies RegistrationEmailData,
    })),
  );
  return ids.length;
}
