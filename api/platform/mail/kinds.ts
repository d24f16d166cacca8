/**
 * What the outbox asks of an e-mail kind. The outbox knows no feature: each feature registers its kinds
 * (api/features/email-kinds.ts gathers them), saying how to write one from the facts stored on its row,
 * and what to check again just before it goes out. The list of kinds itself is the browser contract's
 * (api/contract/email-kinds.ts: names and their labels on the Emails screen).
 */
import type { Database } from '../db.ts';
import type { EmailKindValue } from '../../contract/email-kinds.ts';
import type { CommonWording } from './content.ts';
import { renderEmail, type EmailDocument } from './layout.ts';
import { documentWithCampaign } from './campaign-links.ts';

export type EmailKind = EmailKindValue;

export interface Attachment {
  filename: string;
  content: string;
  contentType: string;
  /**
   * A calendar invitation (REQUEST) or its withdrawal (CANCEL): also sent as the message's iMIP part,
   * a text/calendar alternative beside the text and the HTML (RFC 6047), so a calendar client shows
   * it as an invitation rather than a file (docs/decisions/121-invitations-sent-as-imip.md).
   */
  method?: 'REQUEST' | 'CANCEL';
  /** `base64` when `content` holds binary bytes (an invoice's PDF). */
  encoding?: 'base64';
}

export interface ComposeContext<Wording = unknown> {
  /** The wording of every e-mail (site/content/emails.yaml): the shared fields and the feature's sections. */
  content: CommonWording & Wording;
  publicUrl: string;
  brand: string;
  /** Signs the links an e-mail carries (the session secret); without it, e-mails carry no such link. */
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

/** A queued row as the sender claimed it. */
export interface QueuedEmail {
  id: number;
  kind: EmailKind;
  toAddress: string;
  data: any;
  leadId: number | null;
  registrationId: number | null;
  webinarId: number | null;
  sendAfter: Date;
}

/** A row due within this margin is sent now (clock differences between instances). */
export const DUE_MARGIN_MS = 5_000;

/**
 * Just before sending: go with these facts, cancel with the reason shown on the Emails screen, wait
 * for a later time (with a new send job), or hold: leave the row queued as it was, for whoever takes
 * it up again (a paused newsletter's messages, decision 112).
 */
export type SendDecision = { send: object } | { cancel: string } | { later: Date } | { hold: true };

export interface EmailKindDefinition<Data = any, Wording = any> {
  /** The message's blocks and subject, from the facts stored on the row. */
  document(data: Data, context: ComposeContext<Wording>): EmailDocument;
  /** Files that go with it (cheap: a retry reuses the rendered bodies but rebuilds these). */
  attachments?(data: Data, context: ComposeContext<Wording>): Attachment[];
  /** Extra headers (List-Unsubscribe). */
  headers?(data: Data, context: Pick<ComposeContext, 'publicUrl' | 'linkSecret'> & { leadId?: number | null }): Record<string, string>;
  /** Whether the row still has a reason to go out, and with which facts; absent: it always goes as written. */
  beforeSending?(db: Database, email: QueuedEmail): Promise<SendDecision>;
}

/** Every kind's definition: the registry the sender works from. */
export type EmailKinds = Record<EmailKind, EmailKindDefinition>;

export function composeAttachments(kinds: EmailKinds, kind: EmailKind, data: unknown, context: ComposeContext): Attachment[] {
  return kinds[kind].attachments?.(data, context) ?? [];
}

export async function composeWith(kinds: EmailKinds, kind: EmailKind, data: unknown, context: ComposeContext): Promise<ComposedEmail> {
  // Links to our site say they came from this e-mail (./campaign-links.ts).
  const rendered = await renderEmail(documentWithCampaign(kinds[kind].document(data, context), context.publicUrl, kind), context.brand);
  return { ...rendered, attachments: composeAttachments(kinds, kind, data, context) };
}

export function composeHeaders(kinds: EmailKinds, kind: EmailKind, data: unknown, context: Pick<ComposeContext, 'publicUrl' | 'linkSecret'> & { leadId?: number | null }): Record<string, string> {
  return kinds[kind].headers?.(data, context) ?? {};
}
