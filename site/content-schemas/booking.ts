/**
 * The discovery call's pages: booking (/rendez-vous/, `booking.yaml`) and the manage link's page
 * (/rendez-vous/gerer/, `booking-manage.yaml`). The server fills both at each visit (api/features/booking/pages/page.ts, same rules):
 * it reads `slots`, `reschedule.current`, `reschedule.invalidLink` and `confirmed.message` of the booking page.
 */
import { z } from 'astro/zod';
import { href, paragraphs, seoPage, text } from './fields.ts';

export const bookingSchema = z.strictObject({
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
});

export const bookingManageSchema = z.strictObject({
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
});
