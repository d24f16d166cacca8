/**
 * Every text of the public site lives in one YAML file per section under site/content/ (see the
 * README, "Changing the page copy"). Each file is a single-entry collection whose zod schema is
 * strict: a missing field, a wrong type or an unknown (misspelt) field fails `astro build` with the
 * collection, the file and the field named in the message.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { ICON_NAMES, SOCIAL_NETWORKS } from './components/icon-paths.ts';
import { legalSchema, newsletterPagesSchema, privacySchema } from './content-privacy.ts';

/** The landing page's section anchors: links may only target these. */
export const SECTION_IDS = ['about', 'hormones', 'benefits', 'testimonials', 'faq', 'webinar', 'contact'] as const;

const text = z.string().trim().min(1, 'Ce texte ne peut pas être vide.');
const paragraphs = z.array(text).min(1);
const section = z.enum(SECTION_IDS);
const icon = z.enum(ICON_NAMES);
const absoluteUrl = z.url({ protocol: /^https?$/, error: 'Une adresse complète est attendue (https://...).' });
/** A site path ("/innercircle/webinaire"), an in-page anchor placeholder ("#") or an absolute URL. */
const href = z.union([absoluteUrl, z.string().regex(/^(\/|#)/, 'Un chemin commençant par / ou # est attendu.')]);

const sectionLink = z.strictObject({ label: text, section });
const externalLink = z.strictObject({ label: text, href });
const figure = z.strictObject({ figure: text, label: text });
const social = z.strictObject({ network: z.enum(SOCIAL_NETWORKS), label: text, url: absoluteUrl });
const heading = { eyebrow: text, title: text };
const seoPage = z.strictObject({
  title: text,
  description: text.max(200, 'Une description de plus de 200 caractères serait coupée par les moteurs de recherche.'),
});
const toastText = z.strictObject({ title: text, description: text });

/** One collection per file: `site/content/<file>.yaml` is the collection's only entry. */
const file = (name: string) => glob({ pattern: `${name}.yaml`, base: './site/content' });

export const collections = {
  site: defineCollection({
    loader: file('site'),
    schema: ({ image }) =>
      z.strictObject({
        brand: text,
        programName: text,
        skipLink: text,
        logoLabel: text,
        navLabel: text,
        nav: z
          .array(
            z
              .strictObject({ label: text, section: section.optional(), href: absoluteUrl.optional() })
              .refine(
                (entry) => Boolean(entry.section) !== Boolean(entry.href),
                'Indiquez soit `section`, soit `href`, pas les deux.',
              ),
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
      }),
  }),
  seo: defineCollection({
    loader: file('seo'),
    schema: z.strictObject({
      landing: seoPage,
      webinar: seoPage,
      notFound: seoPage,
      thanks: seoPage,
      sendError: seoPage,
    }),
  }),
  hero: defineCollection({
    loader: file('hero'),
    schema: ({ image }) =>
      z.strictObject({
        ...heading,
        lead: text,
        primaryCta: sectionLink,
        secondaryCta: sectionLink,
        socialProof: figure.omit({ label: true }).extend({ text }),
        image: image(),
        imageAlt: text,
      }),
  }),
  falsePromise: defineCollection({
    loader: file('false-promise'),
    schema: z.strictObject({ ...heading, paragraphs, signsTitle: text, signs: paragraphs, conclusion: text }),
  }),
  hormones: defineCollection({
    loader: file('hormones'),
    schema: z.strictObject({
      ...heading,
      intro: text,
      hormones: z.array(z.strictObject({ name: text, role: text, description: text, practice: text, icon })).length(4),
      cta: sectionLink,
    }),
  }),
  about: defineCollection({
    loader: file('about'),
    schema: z.strictObject({
      ...heading,
      intro: text,
      contents: z.array(z.strictObject({ title: text, description: text, icon })).length(5),
      commitments: z.array(figure).min(1),
      pricing: text,
      cta: sectionLink,
    }),
  }),
  benefits: defineCollection({
    loader: file('benefits'),
    schema: z.strictObject({
      ...heading,
      intro: text,
      benefits: z.array(z.strictObject({ title: text, description: text, icon })).length(6),
      results: z.strictObject({
        title: text,
        stats: z.array(figure).min(1),
        rating: z
          .strictObject({ value: z.number().positive(), outOf: z.number().int().positive(), label: text, spoken: text })
          .refine((rating) => rating.value <= rating.outOf, 'La note ne peut pas dépasser la note maximale.'),
      }),
      cta: sectionLink,
    }),
  }),
  testimonials: defineCollection({
    loader: file('testimonials'),
    schema: ({ image }) =>
      z.strictObject({
        ...heading,
        intro: text,
        items: z.array(z.strictObject({ quote: text, name: text, role: text, image: image(), imageAlt: text })).length(3),
      }),
  }),
  founder: defineCollection({
    loader: file('founder'),
    schema: ({ image }) =>
      z.strictObject({
        eyebrow: text,
        name: text,
        role: text,
        paragraphs,
        quote: text,
        image: image(),
        imageAlt: text,
        socialTitle: text,
        social: z.array(social).min(1),
      }),
  }),
  faq: defineCollection({
    loader: file('faq'),
    schema: z.strictObject({
      ...heading,
      intro: text,
      items: z.array(z.strictObject({ question: text, answer: text })).length(5),
    }),
  }),
  webinar: defineCollection({
    loader: file('webinar'),
    schema: z.strictObject({
      ...heading,
      intro: text,
      facts: z.array(figure).min(1),
      formTitle: text,
      formIntro: text,
      // The next-session line the server fills at request time (api/features/webinars/next-session-slot.ts reads these).
      session: z.strictObject({
        next: text.refine((value) => value.includes('{date}'), 'Le texte doit contenir {date}.'),
        fewSeats: text.refine((value) => value.includes('{seats}'), 'Le texte doit contenir {seats}.'),
        lastSeat: text,
        full: text,
        none: text,
      }),
    }),
  }),
  webinarPage: defineCollection({
    loader: file('webinar-page'),
    schema: z.strictObject({ ...heading, intro: text, learnTitle: text, learn: paragraphs, backLabel: text }),
  }),
  contact: defineCollection({
    loader: file('contact'),
    schema: z.strictObject({
      ...heading,
      intro: text,
      points: paragraphs,
      formTitle: text,
      // Beside the form: book the call at once on /rendez-vous/.
      booking: z.strictObject({ text, label: text, href }),
    }),
  }),
  // The booking page (/rendez-vous/). `slots`, `reschedule.current`, `reschedule.invalidLink` and `confirmed.message`
  // are also read by the server, which fills the page at each visit (api/features/booking/page.ts, same rules).
  booking: defineCollection({
    loader: file('booking'),
    schema: z.strictObject({
      seo: seoPage,
      eyebrow: text,
      title: text,
      intro: text,
      points: paragraphs,
      slots: z.strictObject({
        legend: text,
        timeZone: text,
        countOne: text,
        count: text.refine((value) => value.includes('{count}'), 'Le texte doit contenir {count}.'),
        openDays: z.number().int().min(1).max(62),
        none: text,
        noneLink: text,
        noneHref: href,
        days: z.number().int().min(1).max(62),
      }),
      details: z.strictObject({
        title: text,
        firstName: text,
        lastName: text,
        email: text,
        phone: text,
        phoneHint: text,
        message: text,
        messageHint: text,
        submit: text,
      }),
      reschedule: z.strictObject({
        title: text,
        intro: text,
        current: text.refine((value) => value.includes('{date}'), 'Le texte doit contenir {date}.'),
        submit: text,
        invalidLink: text,
      }),
      confirmed: z.strictObject({
        seoTitle: text,
        title: text,
        generic: text,
        message: text.refine((value) => value.includes('{date}'), 'Le texte doit contenir {date}.'),
        backLabel: text,
      }),
    }),
  }),
  forms: defineCollection({
    loader: file('forms'),
    schema: z.strictObject({
      requiredHint: text,
      optionalSuffix: text,
      privacyNote: text,
      privacyLinkLabel: text,
      missingFields: toastText,
      webinar: z.strictObject({
        firstName: text,
        lastName: text,
        email: text,
        company: text,
        submit: text,
        pending: text,
        success: toastText,
        error: toastText,
      }),
      contact: z.strictObject({
        name: text,
        nameRequired: text,
        email: text,
        phone: text,
        company: text,
        message: text,
        messagePlaceholder: text,
        messageHint: text,
        submit: text,
        pending: text,
        success: toastText,
        error: toastText,
      }),
      networkError: text,
      toastCloseLabel: text,
      notificationsLabel: text,
    }),
  }),
  newsletter: defineCollection({
    loader: file('newsletter'),
    schema: z.strictObject({
      title: text,
      intro: text,
      showName: z.boolean(),
      firstName: text,
      email: text,
      submit: text,
      pending: text,
      privacyNote: text,
      successTitle: text,
      successMessage: text,
      errorTitle: text,
      errorDescription: text,
      thirdPartyFormId: z.string().regex(/^\d*$/, "L'identifiant du formulaire tiers ne contient que des chiffres."),
    }),
  }),
  // The newsletter archive (/newsletter/ and /newsletter/<slug>/). `list`, `issue` and `blocks` are also read by
  // the server, which fills the pages at each visit (api/features/newsletters/archive-pages.ts, same rules).
  newsletterArchive: defineCollection({
    loader: file('newsletter-archive'),
    schema: z.strictObject({
      seo: seoPage,
      eyebrow: text,
      title: text,
      intro: text,
      list: z.strictObject({
        label: text,
        sentOn: text.refine((value) => value.includes('{date}'), 'Le texte doit contenir {date}.'),
        empty: text,
      }),
      issue: z.strictObject({
        eyebrow: text,
        sentOn: text.refine((value) => value.includes('{date}'), 'Le texte doit contenir {date}.'),
        back: text,
      }),
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
    }),
  }),
  privacy: defineCollection({ loader: file('privacy'), schema: privacySchema }),
  legal: defineCollection({ loader: file('legal'), schema: legalSchema }),
  newsletterPages: defineCollection({ loader: file('newsletter-pages'), schema: newsletterPagesSchema }),
  footer: defineCollection({
    loader: file('footer'),
    schema: z.strictObject({
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
    }),
  }),
  pages: defineCollection({
    loader: file('pages'),
    schema: z.strictObject({
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
    }),
  }),
  /** The page of the booking e-mails' manage link (/rendez-vous/gerer/), filled by the server at each visit. */
  bookingManage: defineCollection({
    loader: file('booking-manage'),
    schema: z.strictObject({
      title: text,
      description: text,
      invalid: text,
      rebookLabel: text,
      dateLabel: text,
      durationLabel: text,
      statusLabel: text,
      statusConfirmed: text,
      statusCancelled: text,
      statusPast: text,
      cancelIntro: text,
      cancelButton: text,
      rescheduleIntro: text,
      rescheduleLabel: text,
      rebookIntro: text,
      backLabel: text,
    }),
  }),
};
