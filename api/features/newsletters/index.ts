/**
 * Newsletters (decisions 112, 113): issues written in Markdown, previewed, tested, sent to confirmed
 * subscribers by a paced dispatcher that survives restarts, and the published issues of the archive.
 */
export type { IssueEmailData, PausedAlertData } from './emails.ts';
// The sequences' steps use the same Markdown and blocks (docs/decisions/150-sequences-engine.md).
export { blockFacts, issueBlocks } from './emails.ts';
export type { NewsletterWording } from './email-wording.ts';
export { renderMarkdown, splitBody, tagLink } from './markdown.ts';
export { slugOf } from './issues.ts';
export { publishedIssues, publishedIssue } from './archive.ts';
export type { PublishedIssue, PublishedIssueSummary } from './archive.ts';
