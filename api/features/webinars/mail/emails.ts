/**
 * The webinar's e-mail kinds, as the outbox asks for them (api/platform/mail/kinds.ts): what each says,
 * its calendar file, its headers, and what is checked again just before it goes. A seat's e-mails read
 * the registration and the session afresh (a reminder follows a date change, nothing goes about a seat
 * given up or a session deleted); the marketing ones stop for a contact who unsubscribed (decision 091).
 */
import type { Database } from '../../../platform/db.ts';
import type { EmailKind, EmailKindDefinition, QueuedEmail, SendDecision } from '../../../platform/mail/kinds.ts';
import { webinarFacts, type CancellationEmailData, type RegistrationEmailData } from './email-data.ts';
import type { WebinarWording } from './email-wording.ts';
import { calendarAttachment, cancellationDocument, cancelsCalendarEntry, sessionDocument, waitlistDocument } from './session-emails.ts';
import { composeFollowup, composeInvitation, type FollowupData, type InvitationData } from './funnel-emails.ts';
import { reminderDecision } from './reminders.ts';
import { hasLeftMarketing, MARKETING_UNSUBSCRIBE_MESSAGES } from '../follow-ups/marketing-unsubscribe.ts';
import { marketingUnsubscribeUrl } from './links.ts';
import { UPDATE_RECIPIENT_STATUSES } from '../sessions/updates.ts';

type Kind<Data> = EmailKindDefinition<Data, WebinarWording>;

/**
 * A seat's e-mail (confirmation, promotion, reminder, waiting-list notice) goes only while the
 * registration still holds what it announces, with the session's facts as they stand now.
 */
async function seatStillHeld(db: Database, email: QueuedEmail): Promise<SendDecision> {
  const registration = email.registrationId
    ? await db('webinarRegistrations').where({ id: email.registrationId }).first<{ status: string; webinarId: number } | undefined>('status', 'webinarId')
    : undefined;
  if (!registration) return { cancel: 'Inscription supprimée avant l’envoi.' };
  if (email.kind === 'waitlist_joined') {
    // Promoted meanwhile: the promotion's e-mail says what matters; cancelled: nobody waits any more.
    if (registration.status !== 'waitlisted') return { cancel: 'Plus sur la liste d’attente avant l’envoi.' };
  } else if (registration.status !== 'registered') return { cancel: 'Inscription annulée avant l’envoi.' };
  const webinar = await db('webinars').where({ id: registration.webinarId }).first();
  if (!webinar || !webinar.isActive) return { cancel: 'Webinaire supprimé ou inactif.' };
  const data: RegistrationEmailData = { ...(email.data as RegistrationEmailData), webinar: webinarFacts(webinar) };
  if (email.kind === 'webinar_reminder') return reminderDecision(webinar, Number(email.data.offsetMinutes), data);
  return { send: data };
}

/** An update about a seat given up meanwhile has no reader; its facts stay those of the change. */
async function stillRegistered(db: Database, email: QueuedEmail): Promise<SendDecision> {
  const registration = email.registrationId ? await db('webinarRegistrations').where({ id: email.registrationId }).first('status') : undefined;
  if (!registration || !UPDATE_RECIPIENT_STATUSES.includes(registration.status)) return { cancel: 'Inscription annulée avant l’envoi.' };
  return { send: email.data };
}

/** The contact used the one-click unsubscribe (decision 091) after this one was queued. */
async function stillWanted(db: Database, email: QueuedEmail): Promise<SendDecision> {
  if (await hasLeftMarketing(db, email.leadId)) return { cancel: MARKETING_UNSUBSCRIBE_MESSAGES.cancelled };
  return { send: email.data };
}

/** The invitations and follow-ups: one click stops them for this contact (decision 091). */
const marketingHeaders: Kind<unknown>['headers'] = (_data, context): Record<string, string> => {
  if (!context.linkSecret || !context.leadId) return {};
  return { 'List-Unsubscribe': `<${marketingUnsubscribeUrl(context.publicUrl, context.linkSecret, context.leadId)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
};

const addsToCalendar = (data: RegistrationEmailData, context: Parameters<Kind<unknown>['document']>[1]) => [calendarAttachment(data, context, 'REQUEST')];
const removesFromCalendar = (data: CancellationEmailData, context: Parameters<Kind<unknown>['document']>[1]) => (cancelsCalendarEntry(data) ? [calendarAttachment(data, context, 'CANCEL')] : []);

export const webinarEmailKinds = {
  webinar_confirmation: {
    document: (data, context) => sessionDocument(context.content.webinarConfirmation, data, context),
    attachments: addsToCalendar,
    beforeSending: seatStillHeld,
  } satisfies Kind<RegistrationEmailData>,
  webinar_reminder: {
    document: (data, context) => sessionDocument(context.content.webinarReminder, data, context),
    beforeSending: seatStillHeld,
  } satisfies Kind<RegistrationEmailData>,
  waitlist_promoted: {
    document: (data, context) => sessionDocument(context.content.waitlistPromoted, data, context),
    attachments: addsToCalendar,
    beforeSending: seatStillHeld,
  } satisfies Kind<RegistrationEmailData>,
  waitlist_joined: {
    document: waitlistDocument,
    beforeSending: seatStillHeld,
  } satisfies Kind<RegistrationEmailData>,
  webinar_update: {
    document: (data, context) => sessionDocument(context.content.webinarUpdate, data, context),
    attachments: addsToCalendar,
    beforeSending: stillRegistered,
  } satisfies Kind<RegistrationEmailData>,
  webinar_cancelled: {
    document: (data, context) => cancellationDocument('webinar_cancelled', data, context),
    attachments: removesFromCalendar,
  } satisfies Kind<CancellationEmailData>,
  registration_cancelled: {
    document: (data, context) => cancellationDocument('registration_cancelled', data, context),
    attachments: removesFromCalendar,
  } satisfies Kind<CancellationEmailData>,
  webinar_invitation: {
    document: composeInvitation,
    headers: marketingHeaders,
    beforeSending: stillWanted,
  } satisfies Kind<InvitationData>,
  webinar_followup: {
    document: composeFollowup,
    headers: marketingHeaders,
    beforeSending: stillWanted,
  } satisfies Kind<FollowupData>,
} satisfies Partial<Record<EmailKind, Kind<any>>>;
