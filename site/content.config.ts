/**
 * Every text of the public site lives in one YAML file per section under site/content/ (see
 * docs/editing-copy.md). Each file is a single-entry collection whose zod schema (site/content-schemas/,
 * one module per page or feature) is strict: a missing field, a wrong type or an unknown (misspelt) field
 * fails `astro build` with the collection, the file and the field named in the message.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { bookingManageSchema, bookingSchema } from './content-schemas/booking.ts';
import { formsSchema, newsletterSchema } from './content-schemas/forms.ts';
import { aboutSchema, benefitsSchema, contactSchema, falsePromiseSchema, faqSchema, founderSchema, heroSchema, hormonesSchema, testimonialsSchema, webinarSchema } from './content-schemas/landing.ts';
import { footerSchema, seoSchema, siteSchema } from './content-schemas/layout.ts';
import { newsletterArchiveSchema } from './content-schemas/newsletter-archive.ts';
import { offerPageSchema } from './content-schemas/offer.ts';
import { pagesSchema, webinarPageSchema } from './content-schemas/pages.ts';
import { legalSchema, newsletterPagesSchema, privacySchema } from './content-schemas/privacy.ts';

export { SECTION_IDS } from './content-schemas/fields.ts';

/** One collection per file: `site/content/<file>.yaml` is the collection's only entry. */
const file = (name: string) => glob({ pattern: `${name}.yaml`, base: './site/content' });

export const collections = {
  site: defineCollection({ loader: file('site'), schema: siteSchema }),
  seo: defineCollection({ loader: file('seo'), schema: seoSchema }),
  hero: defineCollection({ loader: file('hero'), schema: heroSchema }),
  falsePromise: defineCollection({ loader: file('false-promise'), schema: falsePromiseSchema }),
  hormones: defineCollection({ loader: file('hormones'), schema: hormonesSchema }),
  about: defineCollection({ loader: file('about'), schema: aboutSchema }),
  benefits: defineCollection({ loader: file('benefits'), schema: benefitsSchema }),
  testimonials: defineCollection({ loader: file('testimonials'), schema: testimonialsSchema }),
  founder: defineCollection({ loader: file('founder'), schema: founderSchema }),
  faq: defineCollection({ loader: file('faq'), schema: faqSchema }),
  webinar: defineCollection({ loader: file('webinar'), schema: webinarSchema }),
  webinarPage: defineCollection({ loader: file('webinar-page'), schema: webinarPageSchema }),
  contact: defineCollection({ loader: file('contact'), schema: contactSchema }),
  booking: defineCollection({ loader: file('booking'), schema: bookingSchema }),
  forms: defineCollection({ loader: file('forms'), schema: formsSchema }),
  newsletter: defineCollection({ loader: file('newsletter'), schema: newsletterSchema }),
  newsletterArchive: defineCollection({ loader: file('newsletter-archive'), schema: newsletterArchiveSchema }),
  privacy: defineCollection({ loader: file('privacy'), schema: privacySchema }),
  legal: defineCollection({ loader: file('legal'), schema: legalSchema }),
  newsletterPages: defineCollection({ loader: file('newsletter-pages'), schema: newsletterPagesSchema }),
  footer: defineCollection({ loader: file('footer'), schema: footerSchema }),
  pages: defineCollection({ loader: file('pages'), schema: pagesSchema }),
  bookingManage: defineCollection({ loader: file('booking-manage'), schema: bookingManageSchema }),
  offerPage: defineCollection({ loader: file('offer-page'), schema: offerPageSchema }),
};
