/**
 * The newsletter's public archive (decision 114): `/newsletter/` lists the sent issues the team chose to
 * publish, newest first, and `/newsletter/<slug>/` shows one, both made at each visit from pages the build
 * holds (site/pages/newsletter/index.astro and numero.astro), like the booking page (decision 106).
 * What is published and its body come from ./archive.ts (the e-mail's own Markdown rules, without inline
 * styles: the page's style sheet dresses it); the blocks are written here for everybody: the sessions to
 * come with a link to the public webinar page, the booking page's plain address; never a personal link,
 * a token or a name. The built sitemap gets one entry per published issue.
 * Copy: site/content/newsletter-archive.yaml.
 */
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { parse } from 'yaml';
import { z } from 'zod';
import { contentFile } from '../../platform/paths.ts';
import { escapeHtml } from '../../platform/lib/signed-message.ts';
import { frenchLongDate, frenchTime } from '../../platform/lib/french-dates.ts';
import { typesetFrench } from '../../platform/lib/french-typography.ts';
import type { DynamicRoute, PageFiller } from '../../platform/http/static.ts';
import type { UpcomingSession } from '../webinars/index.ts';
import { publishedIssue, publishedIssues, type PublishedIssue, type PublishedIssueSummary } from './archive.ts';

export const ARCHIVE_CONTENT_FILE = contentFile('newsletter-archive.yaml');
export const ARCHIVE_PATH = '/newsletter/';
/** The built page each issue's page is made from (never served at its own address). */
export const ARCHIVE_TEMPLATE = 'newsletter/numero/index.html';
const ISSUE_PATH = /^\/newsletter\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/** What the server reads of site/content/newsletter-archive.yaml (the site's content schema checks the whole file at build time). */
const archiveCopySchema = z.object({
  list: z.object({ label: z.string(), sentOn: z.string(), empty: z.string() }),
  issue: z.object({ sentOn: z.string() }),
  blocks: z.object({
    webinarsTitle: z.string(),
    webinarsText: z.string(),
    webinarsSeatsOne: z.string(),
    webinarsSeats: z.string(),
    webinarsFull: z.string(),
    webinarsNone: z.string(),
    webinarsLink: z.string(),
    webinarsHref: z.string(),
    callTitle: z.string(),
    callText: z.string(),
    callLink: z.string(),
    callHref: z.string(),
  }),
});
export type ArchiveCopy = z.output<typeof archiveCopySchema>;

export function loadArchiveCopy(file = ARCHIVE_CONTENT_FILE): ArchiveCopy {
  return archiveCopySchema.parse(parse(readFileSync(file, 'utf8')));
}

const text = (value: string) => escapeHtml(typesetFrench(value));
const sentOn = (template: string, date: string) => text(template.replace('{date}', frenchLongDate(new Date(date))));

export function archiveListHtml(copy: ArchiveCopy, issues: PublishedIssueSummary[]): string {
  if (issues.length === 0) return `<p class="py-8 text-lg text-muted" data-archive-empty>${text(copy.list.empty)}</p>`;
  const items = issues
    .map(
      (issue) =>
        `<li class="border-b border-line py-6"><article>` +
        `<h2 class="font-display text-2xl font-medium"><a href="${ARCHIVE_PATH}${issue.slug}/" class="rounded-md underline-offset-4 hover:text-pine-700 hover:underline">${text(issue.subject)}</a></h2>` +
        `<p class="mt-1 text-muted"><time datetime="${issue.sentAt}">${sentOn(copy.list.sentOn, issue.sentAt)}</time></p>` +
        `</article></li>`,
    )
    .join('');
  return `<ol aria-label="${escapeHtml(copy.list.label)}" data-archive-issues>${items}</ol>`;
}

function webinarsBlock(copy: ArchiveCopy, sessions: UpcomingSession[]): string {
  const { blocks } = copy;
  const seats = (left: number) => (left === 0 ? blocks.webinarsFull : left === 1 ? blocks.webinarsSeatsOne : blocks.webinarsSeats.replace('{count}', String(left)));
  const list = sessions.length
    ? `<p>${text(blocks.webinarsText)}</p><ul>${sessions
        .map((session) => {
          const start = new Date(session.datetime);
          return `<li><strong>${text(session.title)}</strong> : ${text(`${frenchLongDate(start, { weekday: true })} à ${frenchTime(start)}`)} (${text(seats(session.seatsLeft))})</li>`;
        })
        .join('')}</ul>`
    : `<p>${text(blocks.webinarsNone)}</p>`;
  return `<section class="archive-block" data-archive-block="webinars"><h2>${text(blocks.webinarsTitle)}</h2>${list}<p><a href="${escapeHtml(blocks.webinarsHref)}">${text(blocks.webinarsLink)}</a></p></section>`;
}

function callBlock(copy: ArchiveCopy): string {
  const { blocks } = copy;
  return `<section class="archive-block" data-archive-block="booking"><h2>${text(blocks.callTitle)}</h2><p>${text(blocks.callText)}</p><p><a href="${escapeHtml(blocks.callHref)}">${text(blocks.callLink)}</a></p></section>`;
}

/** The issue's body for the web page: its Markdown's HTML, its blocks for everybody. */
export function issueBodyHtml(copy: ArchiveCopy, issue: PublishedIssue): string {
  return issue.segments.map((segment) => (segment.kind === 'html' ? segment.html : segment.kind === 'webinars' ? webinarsBlock(copy, segment.sessions) : callBlock(copy))).join('');
}

/** The built /newsletter/ page with the published issues written into `[data-archive-list]`. */
export function archiveListFiller(db: Knex, copy = loadArchiveCopy()): PageFiller {
  return async (html) => {
    const list = archiveListHtml(copy, await publishedIssues(db));
    return html.replace(/(<div\b[^>]*\bdata-archive-list\b[^>]*>)(<\/div>)/, (_whole, open: string, close: string) => `${open}${list}${close}`);
  };
}

/** Replaces one attribute's value in the first tag matching `tag` (the head's description, og:title…). */
function setAttribute(html: string, tag: RegExp, name: string, value: string): string {
  return html.replace(tag, (found) => found.replace(new RegExp(`\\b${name}="[^"]*"`), `${name}="${escapeHtml(value)}"`));
}

/** `/newsletter/<slug>/`: the issue's page made from the template, or undefined for no published issue of that slug. */
export function archiveIssueRoute(db: Knex, publicUrl: string, copy = loadArchiveCopy()): DynamicRoute {
  return {
    pattern: ISSUE_PATH,
    template: ARCHIVE_TEMPLATE,
    async make(built, match) {
      const issue = await publishedIssue(db, match[1]!, publicUrl);
      if (!issue) return undefined;
      const path = `${ARCHIVE_PATH}${issue.slug}/`;
      const description = issue.preheader.trim() || issue.subject;
      let html = built.replace(/<title>[^<]*<\/title>/, `<title>${text(issue.subject)}</title>`);
      html = setAttribute(html, /<meta name="description"[^>]*>/, 'content', typesetFrench(description));
      html = setAttribute(html, /<meta property="og:title"[^>]*>/, 'content', typesetFrench(issue.subject));
      html = setAttribute(html, /<meta property="og:description"[^>]*>/, 'content', typesetFrench(description));
      html = html.replace(/(<link rel="canonical" href="[^"]*?)\/newsletter\/numero\/(")/, `$1${path}$2`);
      html = html.replace(/(<meta property="og:url" content="[^"]*?)\/newsletter\/numero\/(")/, `$1${path}$2`);
      html = html.replace(/(<h1\b[^>]*\bdata-archive-title\b[^>]*>)(<\/h1>)/, (_whole, open: string, close: string) => `${open}${text(issue.subject)}${close}`);
      html = html.replace(
        /(<p\b[^>]*\bdata-archive-date\b[^>]*>)(<\/p>)/,
        (_whole, open: string, close: string) => `${open}<time datetime="${issue.sentAt}">${sentOn(copy.issue.sentOn, issue.sentAt)}</time>${close}`,
      );
      const body = issueBodyHtml(copy, issue);
      html = html.replace(/(<div\b[^>]*\bdata-archive-body\b[^>]*>)(<\/div>)/, (_whole, open: string, close: string) => `${open}${body}${close}`);
      return { html, pagePath: path.replace(/\/$/, '') };
    },
  };
}

/** The built sitemap with one entry per published issue (its origin: the build's, read from its first address). */
export function archiveSitemapFiller(db: Knex): PageFiller {
  return async (xml) => {
    const origin = /<loc>(https?:\/\/[^/<]+)/.exec(xml)?.[1];
    if (!origin) return xml;
    const entries = (await publishedIssues(db)).map((issue) => `<url><loc>${escapeHtml(`${origin}${ARCHIVE_PATH}${issue.slug}/`)}</loc><lastmod>${issue.sentAt}</lastmod></url>`).join('');
    return xml.replace('</urlset>', `${entries}</urlset>`);
  };
}
