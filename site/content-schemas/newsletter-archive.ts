/**
 * The newsletter archive (`newsletter-archive.yaml`: /newsletter/ and /newsletter/<slug>/). `list`, `issue` and
 * `blocks` are also read by the server, which fills the pages at each visit (api/features/newsletters/archive-pages.ts,
 * same rules; decision 114).
 */
import { z } from 'astro/zod';
import { href, seoPage, text } from './fields.ts';

const withDate = text.refine((value) => value.includes('{date}'), 'Le texte doit contenir {date}.');

export const newsletterArchiveSchema = z.strictObject({
  seo: seoPage,
  eyebrow: text,
  title: text,
  intro: text,
  list: z.strictObject({ label: text, sentOn: withDate, empty: text }),
  issue: z.strictObject({ eyebrow: text, sentOn: withDate, back: text }),
  blocks: z.strictObject({
    webinarsTitle: text,
    webinarsText: text,
    webinarsSeatsOne: text,
    webinarsSeats: text.refine((value) => value.includes('{count}'), 'Le texte doit contenir {count}.'),
    webinarsFull: text,
    webinarsNone: text,
    webinarsLink: text,
    webinarsHref: href,
    callTitle: text,
    callText: text,
    callLink: text,
    callHref: href,
  }),
  signup: z.strictObject({ title: text, intro: text }),
});
