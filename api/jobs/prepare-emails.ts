/**
 * `emails-prepare`: turns one public submission into its e-mail rows. The job id is the submission's
 * identity, so a job that runs twice finds its rows already there (unique cause keys) and adds nothing.
 */
import type { Database } from '../db.ts';
import type { Lead } from '../models/Lead.ts';
import type { MailConfig } from '../mail/config.ts';
import type { TeamAlertData, WebinarFacts } from '../mail/templates.ts';
import { createEmails, type NewEmail, type PrepareJobData } from '../services/emails-enqueue.ts';
import { seatEmails, waitlistEmail } from '../services/webinar-seats.ts';

/** The contact's fields an e-mail about a submission uses, as the model types them. */
type LeadRow = Pick<Lead, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'message'>;

export function webinarFacts(row: Record<string, any>): WebinarFacts {
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    datetime: new Date(row.datetime).toISOString(),
    duration: row.duration,
    location: row.location,
    joinUrl: row.joinUrl ?? null,
    sequence: Number(row.calendarSequence ?? 0),
  };
}

/** When each reminder is due; those already past are skipped. */
export function reminderTimes(start: Date, offsets: number[], now = new Date()): Array<{ offset: number; at: Date }> {
  return offsets.map((offset) => ({ offset, at: new Date(start.getTime() - offset * 60_000) })).filter((reminder) => reminder.at > now);
}

export async function teamRecipients(db: Database, config: MailConfig): Promise<string[]> {
  if (config.notifyEmails) return config.notifyEmails;
  const admins = await db('users').where({ role: 'admin', active: true }).orderBy('id').pluck('email');
  return admins as string[];
}

export async function prepareSubmissionEmails(db: Database, config: MailConfig, jobId: string, facts: PrepareJobData): Promise<void> {
  await db.transaction(async (trx) => {
    const lead = await trx('leads').where({ id: facts.leadId }).first<LeadRow | undefined>();
    if (!lead) return; // deleted since the submission: nothing to say to anyone
    const emails: NewEmail[] = [];
    let webinarTitle: string | null = null;

    if (facts.submission === 'webinar' && facts.webinarId) {
      const webinar = await trx('webinars').where({ id: facts.webinarId }).first();
      webinarTitle = webinar?.title ?? null;
      const registration = await trx('webinarRegistrations')
        .where(facts.registrationId ? { id: facts.registrationId } : { webinarId: facts.webinarId, leadId: lead.id })
        .first<{ id: number; status: string; registeredAt: Date } | undefined>('id', 'status', 'registeredAt');
      const person = registration && { registrationId: registration.id, registeredAt: registration.registeredAt, leadId: lead.id, email: lead.email, firstName: lead.firstName };
      if (webinar && webinar.isActive && person && registration.status === 'registered' && facts.outcome === 'registered') {
        emails.push(...seatEmails('webinar_confirmation', person, webinarFacts(webinar), config.reminderOffsets));
      }
      if (webinar && webinar.isActive && person && registration.status === 'waitlisted' && facts.outcome === 'waitlisted') {
        emails.push(waitlistEmail(person, webinarFacts(webinar)));
      }
    }

    if (facts.submission === 'contact') {
      emails.push({
        kind: 'contact_acknowledgement',
        causeKey: `contact_acknowledgement:submission:${jobId}`,
        toAddress: lead.email,
        leadId: lead.id,
        data: { firstName: lead.firstName },
      });
    }

    const team = await teamRecipients(trx, config);
    if (team.length > 0) {
      // What this submission typed (its note), not the contact's message field, which a returning
      // contact's new request never overwrites. Jobs queued before the note was passed fall back to it.
      const note = facts.noteId ? await trx('activities').where({ id: facts.noteId, leadId: lead.id }).first<{ description: string | null } | undefined>('description') : undefined;
      const alert: TeamAlertData = {
        submission: facts.submission,
        lead: { id: lead.id, firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company, message: note ? note.description : lead.message },
        webinarTitle,
        outcome: facts.submission === 'webinar' ? (facts.outcome ?? null) : null,
      };
      emails.push({
        kind: 'team_alert',
        causeKey: `team_alert:submission:${jobId}`,
        toAddress: team.join(', '),
        leadId: lead.id,
        webinarId: facts.webinarId ?? null,
        data: alert,
      });
    }
    await createEmails(trx, emails);
  });
}
