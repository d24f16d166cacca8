/**
 * The booking's e-mail kinds (docs/decisions/107-booking-emails-and-manage-links.md), as the outbox asks for them (api/platform/mail/kinds.ts): what each says,
 * its calendar file, and what is checked again just before it goes. Every e-mail is written from the
 * booking as it is at sending time (a confirmation queued before a move tells the new time), carries
 * the signed manage link (../manage/links.ts) and, but for a reminder, the calendar file: REQUEST with the
 * booking's UID and SEQUENCE, ORGANIZER the host and ATTENDEE the person in the person's copy, ORGANIZER
 * the sender and ATTENDEE the host in the host's (decision 121); a cancellation is a CANCEL with a
 * higher SEQUENCE. The file also goes as the message's iMIP part, so calendars show an invitation. Times are in Swiss time in the text ("(heure suisse)"), in UTC in the file.
 * Nothing goes about a call cancelled meanwhile; a reminder waits for its time if the call moved later
 * and is dropped once the call has started.
 */
import type { Database } from '../../../platform/db.ts';
import { fill } from '../../../platform/mail/content.ts';
import { calendarAttachmentOf, calendarEventFile, type CalendarMethod } from '../../../platform/mail/calendar.ts';
import { frenchDuration, swissDateTime } from '../../../platform/mail/dates.ts';
import { letter, opening, personValues } from '../../../platform/mail/document.ts';
import { DUE_MARGIN_MS, type Attachment, type ComposeContext, type EmailKind, type EmailKindDefinition, type QueuedEmail, type SendDecision } from '../../../platform/mail/kinds.ts';
import type { Block, EmailDocument } from '../../../platform/mail/layout.ts';
import type { BookingWording } from './email-wording.ts';
import { manageUrl } from '../manage/links.ts';
import { bookingFacts, type BookingEmailData } from './mail.ts';

type Context = ComposeContext<BookingWording>;
type Kind = EmailKindDefinition<BookingEmailData, BookingWording>;

function durationMinutes(data: BookingEmailData): number {
  return Math.round((Date.parse(data.end) - Date.parse(data.start)) / 60_000);
}

function personName(data: BookingEmailData): string {
  return [data.person.firstName, data.person.lastName].filter(Boolean).join(' ');
}

/** Where the call happens, as the e-mails and the calendar file's LOCATION say it. */
export function whereText(data: BookingEmailData, copy: BookingWording['bookingCall']): string {
  if (data.mode === 'phone') return fill(copy.phone, { phone: data.phone ?? '' });
  return data.videoUrl ? fill(copy.video, { videoUrl: data.videoUrl }) : copy.videoPending;
}

function values(data: BookingEmailData, brand: string): Record<string, string> & { firstName: string } {
  const common = { date: swissDateTime(new Date(data.start)), duration: frenchDuration(durationMinutes(data)), brand };
  return data.audience === 'person'
    ? { ...personValues(data.person.firstName, brand), ...common, host: data.host.name }
    : { ...personValues(data.host.firstName, brand), ...common, person: personName(data) };
}

function manageLink(data: BookingEmailData, context: Context): string | null {
  return context.linkSecret ? manageUrl(context.publicUrl, context.linkSecret, data.bookingId) : null;
}

function calendar(data: BookingEmailData, context: Context, method: CalendarMethod): Attachment {
  const copy = context.content.bookingCall;
  const where = whereText(data, copy);
  const link = manageLink(data, context);
  const ics = calendarEventFile(
    {
      uid: data.uid,
      // A cancellation must outrank the last update the calendar holds.
      sequence: data.sequence + (method === 'CANCEL' ? 1 : 0),
      title: fill(copy.title, { brand: context.brand }),
      description: link ? `${where}\n\n${copy.manageDescription} ${link}` : where,
      start: new Date(data.start),
      end: new Date(data.end),
      location: data.mode === 'video' && data.videoUrl ? data.videoUrl : where,
      url: data.mode === 'video' ? data.videoUrl : null,
      // The person's copy comes from the host; the host's own copy comes from the sender with the host as
      // ATTENDEE: a calendar refuses an invitation whose ORGANIZER is its own owner (decision 121).
      ...(data.audience === 'host'
        ? { organizer: { name: context.brand, email: context.sender ?? context.content.senderAddress }, attendee: { name: data.host.name, email: data.host.email } }
        : { organizer: { name: data.host.name, email: data.host.email }, attendee: { name: personName(data), email: data.person.email } }),
    },
    method,
  );
  return calendarAttachmentOf(ics, method);
}

function facts(data: BookingEmailData, context: Context, shown: Record<string, string>): Block {
  const copy = context.content.bookingCall;
  const rows: Array<{ label: string; value: string; href?: string }> = [{ label: copy.dateLabel, value: shown.date! }];
  if (data.previousStart && data.previousStart !== data.start) rows.push({ label: copy.previousDateLabel, value: swissDateTime(new Date(data.previousStart)) });
  rows.push({ label: copy.durationLabel, value: shown.duration! });
  if (data.audience === 'person') {
    rows.push({ label: copy.hostLabel, value: data.host.name });
  } else {
    rows.push({ label: copy.personLabel, value: personName(data) }, { label: copy.emailLabel, value: data.person.email, href: `mailto:${data.person.email}` });
    if (data.phone) rows.push({ label: copy.phoneLabel, value: data.phone });
    if (data.message) rows.push({ label: copy.messageLabel, value: data.message });
  }
  const where = whereText(data, copy);
  rows.push(data.mode === 'video' && data.videoUrl ? { label: copy.whereLabel, value: where, href: data.videoUrl } : { label: copy.whereLabel, value: where });
  return { type: 'facts', rows };
}

type Copy = BookingWording['bookingConfirmation'];

function bookingDocument(copy: Copy, data: BookingEmailData, context: Context, calendarHint: 'add' | 'remove' | null): EmailDocument {
  const call = context.content.bookingCall;
  const shown = values(data, context.brand);
  const blocks: Block[] = [...opening(copy, shown), facts(data, context, shown)];
  const live = data.status !== 'cancelled' && calendarHint !== 'remove';
  if (live && data.mode === 'video' && data.videoUrl) blocks.push({ type: 'button', label: call.joinButton, url: data.videoUrl, hint: call.joinHint });
  if (calendarHint) blocks.push({ type: 'paragraph', text: calendarHint === 'add' ? call.calendarHint : call.cancelCalendarHint });
  const link = manageLink(data, context);
  if (link) blocks.push({ type: 'button', label: call.manageLabel, url: link, hint: call.manageText });
  return letter(copy, shown, blocks, context.content);
}

/** Read again just before sending: the booking as it is now, or why nothing goes. */
async function stillBooked(db: Database, email: QueuedEmail): Promise<SendDecision> {
  const stored = email.data as BookingEmailData;
  const facts = await bookingFacts(db, stored.bookingId);
  if (!facts) return { cancel: 'Rendez-vous supprimé avant l’envoi.' };
  if (facts.status === 'cancelled') return { cancel: 'Rendez-vous annulé avant l’envoi.' };
  const { leadId: _leadId, ...now } = facts;
  const data: BookingEmailData = { ...stored, ...now };
  if (email.kind === 'booking_reminder') {
    if (facts.status !== 'confirmed') return { cancel: 'Rendez-vous déjà clos.' };
    const start = Date.parse(facts.start);
    if (start <= Date.now()) return { cancel: 'L’appel a déjà commencé.' };
    // Moved later meanwhile: the reminder waits for its new time.
    const due = start - Number(stored.offsetMinutes) * 60_000;
    if (due > Date.now() + DUE_MARGIN_MS) return { later: new Date(due) };
  }
  return { send: data };
}

export const bookingEmailKinds = {
  booking_confirmation: {
    document: (data, context) => bookingDocument(context.content.bookingConfirmation, data, context, 'add'),
    attachments: (data, context) => [calendar(data, context, 'REQUEST')],
    beforeSending: stillBooked,
  } satisfies Kind,
  booking_reminder: {
    document: (data, context) => bookingDocument(context.content.bookingReminder, data, context, null),
    beforeSending: stillBooked,
  } satisfies Kind,
  booking_host_alert: {
    document: (data, context) => bookingDocument(context.content.bookingHostAlert, data, context, 'add'),
    attachments: (data, context) => [calendar(data, context, 'REQUEST')],
    beforeSending: stillBooked,
  } satisfies Kind,
  booking_update: {
    document: (data, context) => bookingDocument(data.audience === 'host' ? context.content.bookingHostUpdate : context.content.bookingUpdate, data, context, 'add'),
    attachments: (data, context) => [calendar(data, context, 'REQUEST')],
    beforeSending: stillBooked,
  } satisfies Kind,
  // Goes as written: the call it withdraws is gone.
  booking_cancelled: {
    document: (data, context) => bookingDocument(data.audience === 'host' ? context.content.bookingHostCancelled : context.content.bookingCancelled, data, context, 'remove'),
    attachments: (data, context) => [calendar(data, context, 'CANCEL')],
  } satisfies Kind,
} satisfies Partial<Record<EmailKind, Kind>>;
