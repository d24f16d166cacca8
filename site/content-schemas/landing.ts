/**
 * The landing page's sections, top to bottom: one YAML file each (`hero.yaml` … `contact.yaml`).
 */
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { figure, heading, href, icon, paragraphs, sectionLink, social, text } from './fields.ts';

export const heroSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    ...heading,
    lead: text,
    primaryCta: sectionLink,
    secondaryCta: sectionLink,
    socialProof: figure.omit({ label: true }).extend({ text }),
    image: image(),
    imageAlt: text,
  });

export const falsePromiseSchema = z.strictObject({ ...heading, paragraphs, signsTitle: text, signs: paragraphs, conclusion: text });

export const hormonesSchema = z.strictObject({
  ...heading,
  intro: text,
  hormones: z.array(z.strictObject({ name: text, role: text, description: text, practice: text, icon })).length(4),
  cta: sectionLink,
});

export const aboutSchema = z.strictObject({
  ...heading,
  intro: text,
  contents: z.array(z.strictObject({ title: text, description: text, icon })).length(5),
  commitments: z.array(figure).min(1),
  pricing: text,
  cta: sectionLink,
});

export const benefitsSchema = z.strictObject({
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
});

export const testimonialsSchema = ({ image }: SchemaContext) =>
  z.strictObject({
    ...heading,
    intro: text,
    items: z.array(z.strictObject({ quote: text, name: text, role: text, image: image(), imageAlt: text })).length(3),
  });

export const founderSchema = ({ image }: SchemaContext) =>
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
  });

export const faqSchema = z.strictObject({
  ...heading,
  intro: text,
  items: z.array(z.strictObject({ question: text, answer: text })).length(5),
});

export const webinarSchema = z.strictObject({
  ...heading,
  intro: text,
  facts: z.array(figure).min(1),
  formTitle: text,
  formIntro: text,
  // The next-session line the server fills at request time (api/features/webinars/sessions/next-session-slot.ts reads these).
  session: z.strictObject({
    next: text.refine((value) => value.includes('{date}'), 'Le texte doit contenir {date}.'),
    fewSeats: text.refine((value) => value.includes('{seats}'), 'Le texte doit contenir {seats}.'),
    lastSeat: text,
    full: text,
    none: text,
  }),
});

export const contactSchema = z.strictObject({
  ...heading,
  intro: text,
  points: paragraphs,
  formTitle: text,
  // Beside the form: book the call at once on /rendez-vous/.
  booking: z.strictObject({ text, label: text, href }),
});
