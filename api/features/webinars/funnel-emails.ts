/**
 * The e-mails of the webinar funnel: the cancellation link every e-mail about a registration
 * carries, the invitation to a new session, the follow-up after a session. Copy: site/content/emails.yaml.
 */
import { fill } from '../../platform/mail/content.ts';
import type { Block, EmailDocument } from '../../platform/mail/layout.ts';
import { frenchDuration, swissDateTime } from '../../platform/mail/dates.ts';
import { cancelUrl, joinUrl, marketingUnsubscribeUrl } from './links.ts';
import type { ComposeContext as AnyContext } from '../../platform/mail/kinds.ts';
import type { WebinarFacts } from './email-data.ts';
import type { WebinarWording } from './email-wording.ts';
import { greetingCopy, greetingName } from '../../platform/mail/greeting-name.ts';

type ComposeContext = AnyContext<WebinarWording>;

export interface InvitationData {
  firstName: string;
  leadId: number;
  webinar: WebinarFacts;
}

export interface FollowupData {
  firstName: string;
  registrationId: number;
  /** The contact, for the unsubscribe link (absent on rows written before decision 091). */
  leadId?: number;
  attended: boolean;
  webinar: WebinarFacts;
  /** The session after this one, for those who did not come. */
  next: { datetime: string } | null;
}

/** The session's date (Swiss time) and duration, as a facts table: every e-mail about a session shows them. */
export function sessionFacts(copy: { dateLabel: string; durationLabel: string; durationValue: string }, values: Record<string, string> & { date: string }): Block {
  return {
    type: 'facts',
    rows: [
      { label: copy.dateLabel, value: values.date },
      { label: copy.durationLabel, value: fill(copy.durationValue, values) },
    ],
  };
}

/** "Annuler mon inscription" (or the waiting list's "Quitter la liste d'attente"), signed for this registration (decision 051). */
export function cancelBlock(registrationId: number, context: ComposeContext, copy: { text: string; label: string } = context.content.cancelLink): Block[] {
  if (!context.linkSecret) return [];
  return [{ type: 'button', label: copy.label, url: cancelUrl(context.publicUrl, context.linkSecret, registrationId), hint: copy.text }];
}

/** The marketing e-mails' last line: stop them in one click (decision 091), the List-Unsubscribe address. */
function unsubscribeBlock(leadId: number | undefined, context: ComposeContext): Block[] {
  if (!context.linkSecret || !leadId) return [];
  const copy = context.content.marketingUnsubscribe;
  return [{ type: 'button', label: copy.label, url: marketingUnsubscribeUrl(context.publicUrl, context.linkSecret, leadId), hint: copy.text }];
}

export function composeInvitation(data: InvitationData, context: ComposeContext): EmailDocument {
  const copy = context.content.webinarInvitation;
  const values = {
    // A typed first name that does not look like one is never shown (decision 087).
    firstName: greetingName(data.firstName) ?? '',
    title: data.webinar.title,
    date: swissDateTime(new Date(data.webinar.datetime)),
    duration: frenchDuration(data.webinar.duration),
    brand: context.brand,
  };
  const blocks: Block[] = [
    { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
    { type: 'paragraph', text: fill(copy.intro, values) },
    sessionFacts(copy, values),
  ];
  if (context.linkSecret) {
    blocks.push({ type: 'button', label: copy.button, url: joinUrl(context.publicUrl, context.linkSecret, data.webinar.id, data.leadId), hint: copy.hint });
  }
  blocks.push(...unsubscribeBlock(data.leadId, context));
  return {
    subject: fill(copy.subject, values),
    preview: fill(copy.preview, values),
    blocks,
    signature: [copy.closing, context.content.signature],
    footer: context.content.footer,
  };
}

export function composeFollowup(data: FollowupData, context: ComposeContext): EmailDocument {
  const all = context.content.webinarFollowup;
  const values = {
    // A typed first name that does not look like one is never shown (decision 087).
    firstName: greetingName(data.firstName) ?? '',
    title: data.webinar.title,
    brand: context.brand,
    nextDate: data.next ? swissDateTime(new Date(data.next.datetime)) : '',
  };
  const blocks: Block[] = [];
  let copy: typeof all.attended | typeof all.noShow;
  if (data.attended) {
    copy = all.attended;
    blocks.push(
      { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
      { type: 'paragraph', text: fill(copy.intro, values) },
      { type: 'paragraph', text: fill(all.attended.booking, values) },
      { type: 'button', label: copy.button, url: `${context.publicUrl}${all.bookingPath}` },
    );
  } else {
    copy = all.noShow;
    blocks.push(
      { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
      { type: 'paragraph', text: fill(copy.intro, values) },
      { type: 'paragraph', text: fill(data.next ? all.noShow.nextSession : all.noShow.noNextSession, values) },
      { type: 'button', label: copy.button, url: `${context.publicUrl}${all.webinarPath}` },
    );
  }
  blocks.push(...unsubscribeBlock(data.leadId, context));
  return {
    subject: fill(copy.subject, values),
    preview: fill(copy.preview, values),
    blocks,
    signature: [copy.closing, context.content.signature],
    footer: context.content.footer,
  };
}
