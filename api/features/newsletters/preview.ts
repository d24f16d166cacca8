/**
 * The editor's live preview: the issue as it stands, written exactly as the sender writes a message
 * (the same document, layout and blocks filled now), for a sample reader without signed links.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { commonWording, EMAIL_CONTENT_FILE, loadContent } from '../../platform/mail/content.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { blockFacts, issueDocument, type IssueEmailData } from './emails.ts';
import { newsletterWording, type NewsletterWording } from './email-wording.ts';

const previewWording = z.object({ ...commonWording, ...newsletterWording });
let content: z.output<typeof previewWording> | undefined;

export async function previewIssue(
  db: Knex,
  input: { subject: string; preheader: string; body: string },
  links: { publicUrl: string; linkSecret: string },
): Promise<{ subject: string; html: string; text: string }> {
  // Checked at start with every section (api/jobs.ts): read once here.
  content ??= loadContent(previewWording, EMAIL_CONTENT_FILE);
  const data: IssueEmailData = { issueId: 0, subject: input.subject, preheader: input.preheader, body: input.body, campaign: 'apercu', ...(await blockFacts(db, input.body)) };
  const doc = issueDocument(data, { content: content as typeof content & NewsletterWording, publicUrl: links.publicUrl, brand: content.senderName }, false);
  return renderEmail(doc, content.senderName);
}
