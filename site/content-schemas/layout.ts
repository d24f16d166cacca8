/**
 * What every page shows: the header (`site.yaml`), the pages' titles and descriptions (`seo.yaml`) and the footer (`footer.yaml`).
 */
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { absoluteUrl, externalLink, href, section, sectionLink, seoPage, social, text } from './fields.ts';

export const siteSchema = ({ image }: SchemaContext) =>
  z
    .strictObject({
      brand: text,
      programName: text,
      skipLink: text,
      logoLabel: text,
      navLabel: text,
      nav: z
        .array(
          z
            .strictObject({ label: text, section: section.optional(), href: absoluteUrl.optional() })
            .refine((entry) => Boolean(entry.section) !== Boolean(entry.href), 'Indiquez soit `section`, soit `href`, pas les deux.'),
        )
        .min(1),
      webinarButton: z.strictObject({ label: text, href }),
      // The discovery call's booking page, beside the webinar button (header and mobile menu).
      bookingButton: z.strictObject({ label: text, href }),
      mobileMenu: z.strictObject({ openLabel: text, closeLabel: text, title: text }),
      newTabHint: text,
      social: z.array(social),
      ogImage: image(),
      ogImageAlt: text,
    })
    // The logo link shows brand and programme name: its accessible name must start with that text,
    // so voice-control users can say what they see (WCAG 2.5.3, label in name).
    .refine((site) => site.logoLabel.toLowerCase().startsWith(`${site.brand} ${site.programName}`.toLowerCase()), {
      path: ['logoLabel'],
      message: '`logoLabel` doit commencer par le texte visible du logo : `brand` puis `programName` (ex. « Clairval Inner Circle, retour à l’accueil »).',
    });

export const seoSchema = z.strictObject({
  landing: seoPage,
  webinar: seoPage,
  notFound: seoPage,
  thanks: seoPage,
  sendError: seoPage,
});

export const footerSchema = z.strictObject({
  tagline: text,
  programmeTitle: text,
  programmeLinks: z.array(sectionLink).min(1),
  resourcesTitle: text,
  resourceLinks: z.array(externalLink),
  legalTitle: text,
  legalLinks: z.array(externalLink),
  socialTitle: text,
  address: text,
  copyright: text,
});
