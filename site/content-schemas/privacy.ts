/**
 * The schemas of the privacy copy (decision 061): the notice (`privacy.yaml`, whose version and hash are the
 * proof of what each person was shown), the legal notice (`legal.yaml`) and the newsletter's link pages
 * (`newsletter-pages.yaml`). Strict like every collection of site/content.config.ts.
 */
import { z } from 'astro/zod';
import { paragraphs, text } from './fields.ts';

const sections = z.array(z.strictObject({ title: text, paragraphs })).min(1);
const page = { title: text, description: text, text };

export const privacySchema = z.strictObject({
  version: text,
  updatedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Une date AAAA-MM-JJ est attendue.'),
  title: text,
  description: text.max(200),
  versionLine: text.refine((value) => value.includes('{version}') && value.includes('{date}'), 'La ligne doit contenir {version} et {date}.'),
  intro: text,
  sections,
});

export const legalSchema = z.strictObject({ title: text, description: text.max(200), privacyLinkLabel: text, sections });

export const newsletterPagesSchema = z.strictObject({
  thanks: z.strictObject(page),
  confirm: z.strictObject({ ...page, button: text }),
  confirmed: z.strictObject(page),
  unsubscribe: z.strictObject({ ...page, button: text }),
  unsubscribed: z.strictObject(page),
  invalid: z.strictObject(page),
  backLabel: text,
});
