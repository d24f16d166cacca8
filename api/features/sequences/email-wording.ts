/** The section of site/content/emails.yaml that the sequences' e-mails read (docs/decisions/150-sequences-engine.md). */
import { z } from 'zod';
import { plain, template } from '../../platform/mail/content.ts';

export const sequenceWording = {
  sequenceStep: z.strictObject({
    testSubject: template('subject'),
    testNotice: plain,
    unsubscribeText: plain,
    unsubscribeLabel: plain,
    transactionalNotice: plain,
  }),
};
export type SequenceWording = z.output<z.ZodObject<typeof sequenceWording>>;
