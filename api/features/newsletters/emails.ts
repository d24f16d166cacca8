/**
 * The newsletter's e-mail kinds (decisions 112, 113): an issue to one subscriber, its test send, and
 * the team's alert when a send pauses. An issue's row is written at the snapshot with its issue's id
 * only; `beforeSending` fills it just before it goes (the issue still sending, the person still
 * subscribed, the blocks' sessions and seats as they are then), so nothing in it is ever stale.
 */
import type { Knex } from 'knex';
import { fill } from '../../platform/mail/content.ts';
import type { Block, EmailDocument } from '../../platform/mail/layout.ts';
import type { ComposeContext, EmailKind, EmailKindDefinition, QueuedEmail, SendDecision } from '../../platform/mail/kinds.ts';
import { swissDateTime } from '../../platform/mail/dates.ts';
import { joinUrl, upcomingSessions, type UpcomingSession } from '../webinars/index.ts';
import { bookingPageUrl } from '../booking/index.ts';
import { newsletterLinks } from './subscription-emails.ts';
import { renderMarkdown, splitBody, tagLink } from './markdown.ts';
import type { NewsletterWording } from './email-wording.ts';

type Kind<Data> = EmailKindDefinition<Data, NewsletterWording>;

/** The facts an issue's message is written from (the snapshot stores `issueId` alone). */
export interface IssueEmailData {
  issueId: number;
  subject: string;
  preheader: string;
  body: string;
  /** `utm_campaign` of our own links: the issue's slug, else its id. */
  campaign: string;
  /** The person, for their signed links; absent in a test or a preview. */
  leadId?: number;
  /** Their newsletter token: the unsubscribe link and header. */
  token?: string | null;
  webinars: UpcomingSession[];
}

/** How many sessions the "Prochains webinaires" block lists. */
export const WEBINARS_IN_BLOCK = 3;

/** The webinar page, where a reader without a signed link (a test, the archive) signs up. */
export const WEBINAR_PAGE_PATH = '/webinaire/';

function seatsText(copy: NewsletterWording['newsletterIssue'], seatsLeft: number): string {
  if (seatsLeft <= 0) return copy.seatsNone;
  return seatsLeft === 1 ? copy.seatsOne : fill(copy.seatsMany, { count: String(seatsLeft) });
}

function heading(text: string): Block {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { type: 'html', html: `<h3 style="font-size:18px;line-height:26px;font-weight:600;margin:20px 0 8px">${escaped}</h3>`, text: text };
}

/** The body's blocks for one reader: the Markdown's, and the two inserted blocks filled. */
export function issueBlocks(data: IssueEmailData, context: Pick<ComposeContext<NewsletterWording>, 'content' | 'publicUrl' | 'linkSecret'>): Block[] {
  const copy = context.content.newsletterIssue;
  const tagging = { publicUrl: context.publicUrl, campaign: data.campaign };
  const signed = context.linkSecret && data.leadId !== undefined ? { secret: context.linkSecret, leadId: data.leadId } : undefined;
  return splitBody(data.body).flatMap((segment): Block[] => {
    if (segment.kind === 'markdown') return [{ type: 'html', ...renderMarkdown(segment.source, tagging) }];
    if (segment.kind === 'webinars') {
      if (data.webinars.length === 0) return [heading(copy.webinarsTitle), { type: 'paragraph', text: copy.webinarsEmpty }];
      return [
        heading(copy.webinarsTitle),
        ...data.webinars.flatMap((session): Block[] => [
          { type: 'paragraph', text: fill(copy.webinarLine, { title: session.title, date: swissDateTime(new Date(session.datetime)), seats: seatsText(copy, session.seatsLeft) }) },
          {
            type: 'button',
            label: copy.webinarButton,
            url: tagLink(signed ? joinUrl(context.publicUrl, signed.secret, session.webinarId, signed.leadId) : `${context.publicUrl}${WEBINAR_PAGE_PATH}`, tagging),
          },
        ]),
      ];
    }
    return [
      heading(copy.bookingTitle),
      { type: 'paragraph', text: copy.bookingText },
      { type: 'button', label: copy.bookingButton, url: tagLink(bookingPageUrl(context.publicUrl, signed?.secret ?? '', signed?.leadId), tagging) },
    ];
  });
}

export function issueDocument(data: IssueEmailData, context: ComposeContext<NewsletterWording>, test: boolean): EmailDocument {
  const copy = context.content.newsletterIssue;
  const unsubscribe = data.token ? newsletterLinks(data.token, context.publicUrl).unsubscribe : `${context.publicUrl}/newsletter/desinscription`;
  return {
    subject: test ? fill(copy.testSubject, { subject: data.subject }) : data.subject,
    preview: data.preheader,
    blocks: [...(test ? [{ type: 'paragraph' as const, text: copy.testNotice }] : []), ...issueBlocks(data, context), { type: 'paragraph', text: copy.unsubscribe, link: unsubscribe }],
    signature: [context.content.signature],
    footer: context.content.footer,
  };
}

/** `List-Id` names the list (RFC 2919) under the site's host. */
function listId(publicUrl: string): string {
  return `<newsletter.${new URL(publicUrl).hostname}>`;
}

/** Whether the body uses the sessions block (else the sessions are not read). */
export function usesWebinarsBlock(body: string): boolean {
  return splitBody(body).some((segment) => segment.kind === 'webinars');
}

export async function blockFacts(db: Knex, body: string): Promise<{ webinars: UpcomingSession[] }> {
  return { webinars: usesWebinarsBlock(body) ? await upcomingSessions(db, WEBINARS_IN_BLOCK) : [] };
}

export const CANCELLED_UNSUBSCRIBED = 'Désinscrit·e avant l’envoi';
export const CANCELLED_BOUNCED = 'Adresse en échec (rebond)';

/** Just before an issue's message goes: still sending (else held as it is), still subscribed, blocks read now. */
async function beforeSendingIssue(db: Knex, email: QueuedEmail): Promise<SendDecision> {
  const row = await db('emails as e')
    .join('newsletters as n', 'n.id', 'e.newsletterId')
    .leftJoin('leads as l', 'l.id', 'e.leadId')
    .where('e.id', email.id)
    .first<
      | { status: string; subject: string; preheader: string; body: string; slug: string | null; issueId: number; leadId: number | null; newsletterStatus: string | null; token: string | null }
      | undefined
    >('n.status', 'n.subject', 'n.preheader', 'n.body', 'n.slug', 'n.id as issueId', 'l.id as leadId', 'l.newsletterStatus', 'l.newsletterToken as token');
  if (!row || row.status !== 'sending') return { hold: true };
  if (row.leadId === null || row.newsletterStatus !== 'subscribed') return { cancel: row.newsletterStatus === 'bounced' ? CANCELLED_BOUNCED : CANCELLED_UNSUBSCRIBED };
  const facts = await blockFacts(db, row.body);
  const data: IssueEmailData = {
    issueId: row.issueId,
    subject: row.subject,
    preheader: row.preheader,
    body: row.body,
    campaign: row.slug ?? String(row.issueId),
    leadId: row.leadId,
    token: row.token,
    ...facts,
  };
  return { send: data };
}

export interface PausedAlertData {
  issueId: number;
  subject: string;
  reason: string;
  sent: number;
  queued: number;
}

export const newsletterEmailKinds = {
  newsletter_issue: {
    document: (data, context) => issueDocument(data, context, false),
    headers: (data, context) => ({
      'List-Id': listId(context.publicUrl),
      // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the newsletter's own unsubscribe page.
      ...(data.token ? { 'List-Unsubscribe': `<${newsletterLinks(data.token, context.publicUrl).unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    }),
    beforeSending: beforeSendingIssue,
  } satisfies Kind<IssueEmailData>,
  newsletter_test: {
    document: (data, context) => issueDocument(data, context, true),
    headers: (_data, context) => ({ 'List-Id': listId(context.publicUrl) }),
  } satisfies Kind<IssueEmailData>,
  newsletter_paused_alert: {
    document: (data, { content, publicUrl }): EmailDocument => {
      const copy = content.newsletterPausedAlert;
      const values = { subject: data.subject };
      return {
        subject: fill(copy.subject, values),
        preview: fill(copy.preview, values),
        blocks: [
          { type: 'paragraph', text: fill(copy.intro, values) },
          {
            type: 'facts',
            rows: [
              { label: copy.labels.reason, value: data.reason },
              { label: copy.labels.sent, value: String(data.sent) },
              { label: copy.labels.queued, value: String(data.queued) },
            ],
          },
          { type: 'paragraph', text: copy.action },
          { type: 'button', label: copy.button, url: `${publicUrl}/admin/emails/newsletters` },
        ],
        signature: [content.signature],
        footer: content.footer,
      };
    },
  } satisfies Kind<PausedAlertData>,
} satisfies Partial<Record<EmailKind, Kind<any>>>;
