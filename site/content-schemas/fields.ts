/** The fields the page copy's schemas share: a non-empty text, links, figures, headings. */
import { z } from 'astro/zod';
import { ICON_NAMES, SOCIAL_NETWORKS } from '../components/icon-paths.ts';

/** The landing page's section anchors: links may only target these. */
export const SECTION_IDS = ['about', 'hormones', 'benefits', 'testimonials', 'faq', 'webinar', 'contact'] as const;

export const text = z.string().trim().min(1, 'Ce texte ne peut pas être vide.');
export const paragraphs = z.array(text).min(1);
export const section = z.enum(SECTION_IDS);
export const icon = z.enum(ICON_NAMES);
export const absoluteUrl = z.url({ protocol: /^https?$/, error: 'Une adresse complète est attendue (https://...).' });
/** A site path ("/innercircle/webinaire"), an in-page anchor placeholder ("#") or an absolute URL. */
export const href = z.union([absoluteUrl, z.string().regex(/^(\/|#)/, 'Un chemin commençant par / ou # est attendu.')]);

export const sectionLink = z.strictObject({ label: text, section });
export const externalLink = z.strictObject({ label: text, href });
export const figure = z.strictObject({ figure: text, label: text });
export const social = z.strictObject({ network: z.enum(SOCIAL_NETWORKS), label: text, url: absoluteUrl });
export const heading = { eyebrow: text, title: text };
export const seoPage = z.strictObject({
  title: text,
  description: text.max(200, 'Une description de plus de 200 caractères serait coupée par les moteurs de recherche.'),
});
export const toastText = z.strictObject({ title: text, description: text });
