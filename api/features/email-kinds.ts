/**
 * What each kind of e-mail says, from its content (site/content/emails.yaml) and the facts stored on
 * its row (`emails.data`). Returns the rendered subject, HTML and text, and the attachments.
 */
import type { EmailContent } from '../platform/mail/content.ts';
import { fill } from '../platform/mail/content.ts';
import { renderEmail, type Block, type EmailDocument } from '../platform/mail/layout.ts';
import { frenchDuration, swissDateTime } from '../platform/mail/dates.ts';
import { calendarFile, registrationUid, type CalendarMethod } from './webinars/calendar.ts';
import { marketingUnsubscribeUrl } from './webinars/links.ts';
import { greetingCopy, greetingName } from '../platform/mail/greeting-name.ts';
import { teamAlertDocument, type TeamAlertData } from './public-forms/team-alert-email.ts';
import { cancelBlock, sessionFacts, composeFollowup, composeInvitation, type FollowupData, type InvitationData } from './webinars/funnel-emails.ts';

export const EMAIL_KINDS = [
  'webinar_confirmation',
  'webinar_reminder',
  'contact_acknowledgement',
  'team_alert',
  'webinar_cancelled',
  'webinar_invitation',
  'waitlist_promoted',
  'webinar_followup',
  'webinar_update',
  'newsletter_confirmation',
  'waitlist_joined',
  'registration_cancelled',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The marketing kinds: they carry the one-click unsubscribe, and stop for a contact who used it.
 * Confirmations, reminders, updates and cancellations are about a registration and always go.
 */
export const MARKETING_KINDS: readonly EmailKind[] = ['webinar_invitation', 'webinar_followup'];

export interface WebinarFacts {
  id: number;
  title: string;
  description: string | null;
  datetime: string;
  duration: number;
  location: string;
  joinUrl: string | null;
  /** The webinar's calendar SEQUENCE when the facts were taken (absent on rows written before issue 13). */
  sequence?: number;
}

export interface RegistrationEmailData {
  firstName: string;
  registrationId: number;
  webinar: WebinarFacts;
}

/**
 * A cancellation: the session deleted (`webinar_cancelled`) or the person's own cancellation by link
 * (`registration_cancelled`). `waitlisted`: the person was waiting, not holding a seat. `calendar`: the
 * person's calendar holds the entry (a file adding it was sent last), so a METHOD:CANCEL file goes with
 * it; absent on rows written before decision 090, which all had one.
 */
export interface CancellationEmailData extends RegistrationEmailData {
  waitlisted?: boolean;
  calendar?: boolean;
}

export interface AcknowledgementData {
  firstName: string;
}

export type { TeamAlertData, TeamAlertSubmission } from './public-forms/team-alert-email.ts';

export interface NewsletterEmailData {
  firstName: string | null;
  token: string;
}

/** The newsletter's pages, reached from its e-mails (the static pages post to their own address). */
export function newsletterLinks(token: string, publicUrl: string) {
  const query = `?token=${encodeURIComponent(token)}`;
  return { confirm: `${publicUrl}/newsletter/confirmer${query}`, unsubscribe: `${publicUrl}/newsletter/desinscription${query}` };
}

/**
 * Headers of every newsletter e-mail: an https unsubscribe link, and RFC 8058 one-click (mail clients
 * POST `List-Unsubscribe=One-Click` to it; api/features/public-forms/newsletter-routes.ts unsubscribes at once).
 */
export function composeHeaders(kind: EmailKind, data: unknown, context: Pick<ComposeContext, 'publicUrl' | 'linkSecret'> & { leadId?: number | null }): Record<string, string> {
  if (MARKETING_KINDS.includes(kind)) {
    // The invitations and follow-ups: one click stops them for this contact (decision 091).
    if (!context.linkSecret || !context.leadId) return {};
    return { 'List-Unsubscribe': `<${marketingUnsubscribeUrl(context.publicUrl, context.linkSecret, context.leadId)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  if (kind !== 'newsletter_confirmation') return {};
  const { unsubscribe } = newsletterLinks((data as NewsletterEmailData).token, context.publicUrl);
  return { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface Attachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface ComposeContext {
  content: EmailContent;
  publicUrl: string;
  brand: string;
  /** Signs the links about a registration (the session secret); without it, e-mails carry no such link. */
  linkSecret?: string;
  /** The sender's address: the calendar files' ORGANIZER (default: the content file's sender). */
  sender?: string;
  /** The address the e-mail goes to: the calendar files' ATTENDEE. */
  recipient?: string;
}

export interface ComposedEmail {
  subject: string;
  html: string;
  text: string;
  attachments: Attachment[];
}

function sessionValues(data: RegistrationEmailData, brand: string) {
  return {
    // A typed first name that does not look like one is never shown (decision 087).
    firstName: greetingName(data.firstName) ?? '',
    title: data.webinar.title,
    date: swissDateTime(new Date(data.webinar.datetime)),
    duration: frenchDuration(data.webinar.duration),
    brand,
  };
}

function calendarAttachment(data: RegistrationEmailData, context: ComposeContext, method: CalendarMethod): Attachment {
  const { webinar } = data;
  const ics = calendarFile(
    {
      uid: registrationUid(data.registrationId, context.publicUrl),
      organizer: { name: context.brand, email: context.sender ?? context.content.senderAddress },
      ...(context.recipient ? { attendee: { name: data.firstName, email: context.recipient } } : {}),
      title: webinar.title,
      description: webinar.description ?? webinar.title,
      start: new Date(webinar.datetime),
      durationMinutes: webinar.duration,
      location: webinar.location,
      joinUrl: webinar.joinUrl,
      // A cancellation must outrank the last update the calendar holds.
      sequence: (webinar.sequence ?? 0) + (method === 'CANCEL' ? 1 : 0),
    },
    method,
  );
  return { filename: method === 'CANCEL' ? 'annulation.ics' : 'invitation.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

/** Whether a cancellation carries its METHOD:CANCEL file (see CancellationEmailData). */
function cancelsCalendarEntry(data: CancellationEmailData): boolean {
  return data.calendar ?? true;
}

/** The copy of a cancellation: who cancelled (the team or the person), and whether the person held a seat. */
function cancellationCopy(kind: 'webinar_cancelled' | 'registration_cancelled', data: CancellationEmailData, content: EmailContent) {
  if (kind === 'webinar_cancelled') return data.waitlisted ? content.webinarCancelledWaitlist : content.webinarCancelled;
  return data.waitlisted ? content.waitlistLeft : content.registrationCancelled;
}

function sessionDocument(
  copy: EmailContent['webinarConfirmation'] | EmailContent['webinarReminder'] | EmailContent['waitlistPromoted'] | EmailContent['webinarUpdate'],
  data: RegistrationEmailData,
  context: ComposeContext,
): EmailDocument {
  const values = sessionValues(data, context.brand);
  const join: Block = data.webinar.joinUrl
    ? { type: 'button', label: copy.joinButton, url: data.webinar.joinUrl, hint: copy.joinHint }
    : { type: 'paragraph', text: fill(copy.noJoinLink, values) };
  const blocks: Block[] = [
    { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
    { type: 'paragraph', text: fill(copy.intro, values) },
    sessionFacts(copy, values),
    join,
  ];
  if ('calendarHint' in copy) blocks.push({ type: 'paragraph', text: fill(copy.calendarHint, values) });
  blocks.push(...cancelBlock(data.registrationId, context));
  return {
    subject: fill(copy.subject, values),
    preview: fill(copy.preview, values),
    blocks,
    signature: [copy.closing, context.content.signature],
    footer: context.content.footer,
  };
}

/** On the waiting list: the session's facts, what happens next, and the link to leave the list. */
function waitlistDocument(data: RegistrationEmailData, context: ComposeContext): EmailDocument {
  const copy = context.content.waitlistJoined;
  const values = sessionValues(data, context.brand);
  return {
    subject: fill(copy.subject, values),
    preview: fill(copy.preview, values),
    blocks: [
      { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
      { type: 'paragraph', text: fill(copy.intro, values) },
      sessionFacts(copy, values),
      { type: 'paragraph', text: fill(copy.nextSteps, values) },
      ...cancelBlock(data.registrationId, context, copy.leaveLink),
    ],
    signature: [copy.closing, context.content.signature],
    footer: context.content.footer,
  };
}

/** The attachments alone (cheap): a retry reuses the rendered bodies but rebuilds the calendar file. */
export function composeAttachments(kind: EmailKind, data: unknown, context: ComposeContext): Attachment[] {
  if (kind === 'webinar_confirmation' || kind === 'waitlist_promoted' || kind === 'webinar_update') return [calendarAttachment(data as RegistrationEmailData, context, 'REQUEST')];
  if ((kind === 'webinar_cancelled' || kind === 'registration_cancelled') && cancelsCalendarEntry(data as CancellationEmailData)) {
    return [calendarAttachment(data as RegistrationEmailData, context, 'CANCEL')];
  }
  return [];
}

export async function composeEmail(kind: EmailKind, data: unknown, context: ComposeContext): Promise<ComposedEmail> {
  const { content } = context;
  switch (kind) {
    case 'webinar_confirmation':
    case 'waitlist_promoted':
    case 'webinar_reminder': {
      const facts = data as RegistrationEmailData;
      const copy = kind === 'webinar_confirmation' ? content.webinarConfirmation : kind === 'waitlist_promoted' ? content.waitlistPromoted : content.webinarReminder;
      const rendered = await renderEmail(sessionDocument(copy, facts, context), context.brand);
      return { ...rendered, attachments: composeAttachments(kind, facts, context) };
    }
    case 'waitlist_joined':
      return { ...(await renderEmail(waitlistDocument(data as RegistrationEmailData, context), context.brand)), attachments: [] };
    case 'webinar_invitation':
      return { ...(await renderEmail(composeInvitation(data as InvitationData, context), context.brand)), attachments: [] };
    case 'webinar_followup':
      return { ...(await renderEmail(composeFollowup(data as FollowupData, context), context.brand)), attachments: [] };
    case 'webinar_update': {
      const facts = data as RegistrationEmailData;
      const rendered = await renderEmail(sessionDocument(content.webinarUpdate, facts, context), context.brand);
      return { ...rendered, attachments: composeAttachments(kind, facts, context) };
    }
    case 'webinar_cancelled':
    case 'registration_cancelled': {
      const facts = data as CancellationEmailData;
      const copy = cancellationCopy(kind, facts, content);
      const values = sessionValues(facts, context.brand);
      const greeting = greetingCopy(copy, values.firstName);
      const paragraphs = cancelsCalendarEntry(facts) ? [greeting, copy.intro, copy.calendarHint, copy.nextSteps] : [greeting, copy.intro, copy.nextSteps];
      const doc: EmailDocument = {
        subject: fill(copy.subject, values),
        preview: fill(copy.preview, values),
        blocks: paragraphs.map((text) => ({ type: 'paragraph', text: fill(text, values) })),
        signature: [copy.closing, content.signature],
        footer: content.footer,
      };
      return { ...(await renderEmail(doc, context.brand)), attachments: composeAttachments(kind, facts, context) };
    }
    case 'contact_acknowledgement': {
      const copy = content.contactAcknowledgement;
      const values = { firstName: greetingName((data as AcknowledgementData).firstName) ?? '', brand: context.brand };
      const doc: EmailDocument = {
        subject: fill(copy.subject, values),
        preview: fill(copy.preview, values),
        blocks: [
          { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
          { type: 'paragraph', text: fill(copy.intro, values) },
          { type: 'list', title: copy.nextStepsTitle, items: copy.nextSteps.map((item) => fill(item, values)) },
        ],
        signature: [copy.closing, content.signature],
        footer: content.footer,
      };
      return { ...(await renderEmail(doc, context.brand)), attachments: [] };
    }
    case 'newsletter_confirmation': {
      const facts = data as NewsletterEmailData;
      const copy = content.newsletterConfirmation;
      const values = { firstName: greetingName(facts.firstName) ?? '', brand: context.brand };
      const links = newsletterLinks(facts.token, context.publicUrl);
      const doc: EmailDocument = {
        subject: fill(copy.subject, values),
        preview: fill(copy.preview, values),
        blocks: [
          { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
          { type: 'paragraph', text: fill(copy.intro, values) },
          { type: 'button', label: copy.button, url: links.confirm, hint: copy.hint },
          { type: 'paragraph', text: copy.ignore },
          { type: 'paragraph', text: copy.unsubscribe, link: links.unsubscribe },
        ],
        signature: [copy.closing, content.signature],
        footer: content.footer,
      };
      return { ...(await renderEmail(doc, context.brand)), attachments: [] };
    }
    case 'team_alert':
      return { ...(await renderEmail(teamAlertDocument(data as TeamAlertData, content, context.publicUrl), context.brand)), attachments: [] };
  }
}

