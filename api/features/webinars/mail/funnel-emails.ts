/**
 * The e-mails of the webinar funnel: the cancellation link every e-mail about a registration
 * carries, the invitation to a new session, the follow-up after a session. Copy: site/content/emails.yaml.
 */
import { fill } from '../../../platform/mail/content.ts';
import type { Block, EmailDocument } from '../../../platform/mail/layout.ts';
import { frenchDuration, swissDateTime } from '../../../platform/mail/dates.ts';
import { cancelUrl, joinUrl, marketingUnsubscribeUrl } from './links.ts';
import { BOOKING_PAGE_PATH, bookingPageUrl } from '../../booking/index.ts';
import type { ComposeContext as AnyContext } from '../../../platform/mail/kinds.ts';
import type { WebinarFacts } from './email-data.ts';
import type { WebinarWording } from './email-wording.ts';
import { letter, opening, personValues } from '../../../platform/mail/document.ts';

type ComposeContext = AnyContext<WebinarWording>;

export interface InvitationData {
  firstName: string;
  leadId: number;
  webinar: WebinarFacts;
}

export interface FollowupData {
  firstName: string;
  registrationId: number;
  /** The contact, for the unsubscribe link and the booking page's pre-fill (absent on rows written before decision 091). */
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

/** The values of an e-mail about one session: the person's first name (decision 087), the session's title, date and duration. */
export function sessionValues(data: { firstName: string; webinar: WebinarFacts }, brand: string) {
  return {
    ...personValues(data.firstName, brand),
    title: data.webinar.title,
    date: swissDateTime(new Date(data.webinar.datetime)),
    duration: frenchDuration(data.webinar.duration),
  };
}

export function composeInvitation(data: InvitationData, context: ComposeContext): EmailDocument {
  const copy = context.content.webinarInvitation;
  const values = sessionValues(data, context.brand);
  const blocks: Block[] = [...opening(copy, values), sessionFacts(copy, values)];
  if (context.linkSecret) {
    blocks.push({ type: 'button', label: copy.button, url: joinUrl(context.publicUrl, context.linkSecret, data.webinar.id, data.leadId), hint: copy.hint });
  }
  blocks.push(...unsubscribeBlock(data.leadId, context));
  return letter(copy, values, blocks, context.content);
}

/** The booking page opens with the person's name and e-mail filled (a link signed for them); any other path as written. */
function bookingButtonUrl(bookingPath: string, leadId: number | undefined, context: ComposeContext): string {
  if (bookingPath === BOOKING_PAGE_PATH && context.linkSecret) return bookingPageUrl(context.publicUrl, context.linkSecret, leadId);
  return `${context.publicUrl}${bookingPath}`;
}

export function composeFollowup(data: FollowupData, context: ComposeContext): EmailDocument {
  const all = context.content.webinarFollowup;
  const values = {
    ...personValues(data.firstName, context.brand),
    title: data.webinar.title,
    nextDate: data.next ? swissDateTime(new Date(data.next.datetime)) : '',
  };
  const copy = data.attended ? all.attended : all.noShow;
  const blocks: Block[] = data.attended
    ? [
        ...opening(all.attended, values),
        { type: 'paragraph', text: fill(all.attended.booking, values) },
        { type: 'button', label: all.attended.button, url: bookingButtonUrl(all.bookingPath, data.leadId, context) },
      ]
    : [
        ...opening(all.noShow, values),
        { type: 'paragraph', text: fill(data.next ? all.noShow.nextSession : all.noShow.noNextSession, values) },
        { type: 'button', label: all.noShow.button, url: `${context.publicUrl}${all.webinarPath}` },
      ];
  blocks.push(...unsubscribeBlock(data.leadId, context));
  return letter(copy, values, blocks, context.content);
}
