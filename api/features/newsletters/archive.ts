/**
 * The public archive (/newsletter/ and /newsletter/<slug>/): the sent issues the team chose to publish.
 * Nothing personal: the body as written, its sessions block with the sessions to come (no signed link,
 * the webinar page instead) and the booking page's plain address.
 */
import type { Knex } from 'knex';
import { upcomingSessions, type UpcomingSession } from '../webinars/index.ts';
import { bookingPageUrl } from '../booking/index.ts';
import { renderMarkdown, splitBody } from './markdown.ts';
import { WEBINARS_IN_BLOCK, WEBINAR_PAGE_PATH } from './emails.ts';

export interface PublishedIssueSummary {
  slug: string;
  subject: string;
  preheader: string;
  sentAt: string;
}

export type PublishedSegment = { kind: 'html'; html: string } | { kind: 'webinars'; sessions: UpcomingSession[]; signUpUrl: string } | { kind: 'booking'; url: string };

export interface PublishedIssue extends PublishedIssueSummary {
  segments: PublishedSegment[];
}

function published(db: Knex) {
  return db('newsletters').where({ status: 'sent', archive: true }).whereNotNull('slug');
}

function summary(row: { slug: string; subject: string; preheader: string; sentAt: Date }): PublishedIssueSummary {
  return { slug: row.slug, subject: row.subject, preheader: row.preheader, sentAt: new Date(row.sentAt).toISOString() };
}

/** Newest first. */
export async function publishedIssues(db: Knex): Promise<PublishedIssueSummary[]> {
  const rows = await published(db)
    .orderBy([
      { column: 'sentAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('slug', 'subject', 'preheader', 'sentAt');
  return rows.map(summary);
}

/** One published issue by its slug, its body ready for a web page (HTML without inline styles), or undefined. */
export async function publishedIssue(db: Knex, slug: string, publicUrl: string): Promise<PublishedIssue | undefined> {
  const row = await published(db).where({ slug }).first<{ slug: string; subject: string; preheader: string; sentAt: Date; body: string } | undefined>('slug', 'subject', 'preheader', 'sentAt', 'body');
  if (!row) return undefined;
  const segments: PublishedSegment[] = [];
  for (const segment of splitBody(row.body)) {
    if (segment.kind === 'markdown') segments.push({ kind: 'html', html: renderMarkdown(segment.source, { publicUrl: '', campaign: '' }, { inlineStyles: false }).html });
    else if (segment.kind === 'webinars') segments.push({ kind: 'webinars', sessions: await upcomingSessions(db, WEBINARS_IN_BLOCK), signUpUrl: `${publicUrl}${WEBINAR_PAGE_PATH}` });
    else segments.push({ kind: 'booking', url: bookingPageUrl(publicUrl, '') });
  }
  return { ...summary(row), segments };
}
