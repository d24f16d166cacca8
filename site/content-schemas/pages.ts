/**
 * The small pages: the webinar page (`webinar-page.yaml`) and the one-message pages (`pages.yaml`: 404, thanks,
 * cancellation, joining, unsubscribing, sending error).
 */
import { z } from 'astro/zod';
import { heading, paragraphs, text } from './fields.ts';

export const webinarPageSchema = z.strictObject({ ...heading, intro: text, learnTitle: text, learn: paragraphs, backLabel: text });

export const pagesSchema = z.strictObject({
  notFound: z.strictObject({ title: text, line: text, help: text, backLabel: text }),
  thanks: z.strictObject({ title: text, generic: text, contact: text, webinar: text, backLabel: text }),
  cancel: z.strictObject({ title: text, intro: text, button: text, keep: text }),
  cancelResult: z.strictObject({ title: text, generic: text, backLabel: text }),
  join: z.strictObject({ title: text, intro: text, button: text }),
  marketingUnsubscribe: z.strictObject({ title: text, intro: text, button: text, keep: text }),
  marketingUnsubscribeResult: z.strictObject({ title: text, generic: text, backLabel: text }),
  sendError: z.strictObject({
    title: text,
    generic: text,
    messageLabel: text,
    contactRetry: text,
    webinarRetry: text,
  }),
});
