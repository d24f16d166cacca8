/**
 * The lead forms' labels and messages (`forms.yaml`) and the newsletter block (`newsletter.yaml`).
 */
import { z } from 'astro/zod';
import { text, toastText } from './fields.ts';

export const formsSchema = z.strictObject({
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
});

export const newsletterSchema = z.strictObject({
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
});
