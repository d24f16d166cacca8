/**
 * `emails-prepare`: turns one public submission into its e-mail rows. The job id is the submission's
 * identity, so a job that runs twice finds its rows already there (unique cause keys) and adds nothing.
 */
import type { Database } from '../db.ts';
import type { Lead } from '../models/Lead.ts';
import type { MailConfig } from '../mail/config.ts';
import type { RegistrationEmailData, TeamAlertData, WebinarFacts } from '../mail/templates.ts';
import { createEmails, type NewEmail, type PrepareJobData } from '../services/emails-enqueue.ts';

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
        .first<{ id: number; status: string } | undefined>('id', 'status');
      if (webinar && webinar.isActive && registration?.status === 'registered' && facts.outcome === 'registered') {
        const data: RegistrationEmailData = { firstName: lead.firstName, registrationId: registration.id, webinar: webinarFacts(webinar) };
        const common = { toAddress: lead.email, leadId: lead.id, webinarId: webinar.id, registrationId: registration.id, data };
        emails.push({ ...common, kind: 'webinar_confirmation', causeKey: `webinar_confirmation:registration:${registration.id}` });
        for (const reminder of reminderTimes(new Date(webinar.datetime), config.reminderOffsets)) {
          emails.push({
            ...common,
            kind: 'webinar_reminder',
            causeKey: `webinar_reminder:registration:${registration.id}:${reminder.offset}`,
            data: { ...data, offsetMinutes: reminder.offset },
            sendAfter: reminder.at,
          });
        }
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
      const alert: TeamAlertData = {
        submission: facts.submission,
        lead: { id: lead.id, firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phone: lead.phone, company: lead.company, message: lead.message },
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
