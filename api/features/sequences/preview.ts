/**
 * A step's preview and test send, as the newsletters' (decision 113): the same document, layout and
 * blocks filled now, for a sample reader without signed links.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { commonWording, EMAIL_CONTENT_FILE, loadContent } from '../../platform/mail/content.ts';
import { renderEmail } from '../../platform/mail/layout.ts';
import { createEmails } from '../../platform/mail/outbox.ts';
import { notFound } from '../../platform/errors.ts';
import { blockFacts, type NewsletterWording } from '../newsletters/index.ts';
import { SEQUENCE_MESSAGES } from './contract/index.ts';
import { stepDocument, type SequenceStepEmailData } from './emails.ts';
import { sequenceWording, type SequenceWording } from './email-wording.ts';
import { findSequenceOr404 } from './store.ts';

// The newsletter's sections (its blocks' copy) are checked at start with every section (api/jobs.ts): kept as read.
const previewWording = z.looseObject({ ...commonWording, ...sequenceWording });
let content: z.output<typeof previewWording> | undefined;

/** The sample reader's first name in a preview and a test. */
export const SAMPLE_FIRST_NAME = 'Camille';

export async function previewStep(
  db: Knex,
  input: { subject: string; preview: string; body: string; transactional: boolean },
  links: { publicUrl: string },
): Promise<{ subject: string; html: string; text: string }> {
  content ??= loadContent(previewWording, EMAIL_CONTENT_FILE);
  const data: SequenceStepEmailData = { ...input, firstName: SAMPLE_FIRST_NAME, campaign: 'apercu', ...(await blockFacts(db, input.body)) };
  const doc = stepDocument(data, { content: content as typeof content & SequenceWording & NewsletterWording, publicUrl: links.publicUrl, brand: content.senderName }, false);
  return renderEmail(doc, content.senderName);
}

/** Queues the step to `to`, marked as a test. Returns the e-mail's id. */
export async function sendStepTest(db: Knex, sequenceId: number, stepId: number, to: string): Promise<number> {
  const sequence = await findSequenceOr404(db, sequenceId);
  const step = await db('sequenceSteps')
    .where({ id: stepId, sequenceId })
    .whereNull('deletedAt')
    .first<{ subject: string; preview: string; bodyMarkdown: string } | undefined>('subject', 'preview', 'bodyMarkdown');
  if (!step) throw notFound(SEQUENCE_MESSAGES.stepNotFound);
  const data: SequenceStepEmailData = {
    subject: step.subject,
    preview: step.preview,
    body: step.bodyMarkdown,
    firstName: SAMPLE_FIRST_NAME,
    transactional: sequence.entryEvent === 'invoice_paid',
    campaign: `sequence-${sequenceId}`,
    sequenceId,
    stepId,
    ...(await blockFacts(db, step.bodyMarkdown)),
  };
  return db.transaction(async (trx) => {
    const [emailId] = await createEmails(trx, [{ kind: 'sequence_test', causeKey: `sequence_test:${stepId}:${randomUUID()}`, toAddress: to, leadId: null, data }]);
    return emailId!;
  });
}
