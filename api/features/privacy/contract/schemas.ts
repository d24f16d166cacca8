/**
 * Privacy: the newsletter's double opt-in, erasure's confirmation, and the words the back office uses
 * for newsletter states and consent proofs.
 */
import { z } from '../../../contract/zod.ts';
import { emailField, optionalOneOf, optionalText } from '../../../contract/fields.ts';
import { postedTouchFields } from '../../attribution/contract/index.ts';

/** `bounced`: the server refused the address for good (a 5xx on the recipient); no issue goes there any more. */
export const NEWSLETTER_STATUSES = ['pending', 'subscribed', 'unsubscribed', 'bounced'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  pending: 'En attente de confirmation',
  subscribed: 'Abonné·e',
  unsubscribed: 'Désabonné·e',
  bounced: 'Adresse en échec (rebond)',
};

export const CONSENT_KIND_LABELS = {
  notice_shown: 'Politique de confidentialité présentée',
  newsletter_requested: 'Inscription à la newsletter demandée',
  newsletter_confirmed: 'Inscription à la newsletter confirmée',
  newsletter_unsubscribed: 'Désinscription de la newsletter',
} as const;

export const CONSENT_FORM_LABELS = { contact: 'Formulaire de contact', webinar: 'Inscription au webinaire', newsletter: 'Newsletter' } as const;

/** `POST /api/newsletter`: the footer's form. `website` is the honeypot (see publicLeadSchema). */
export const newsletterSubscribeSchema = z.object({
  firstName: optionalText('Le prénom', 100),
  email: emailField(),
  website: z.unknown().optional(),
  ...postedTouchFields,
});
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

/** The token of a confirmation or unsubscribe link (query string of the page the form posts to). */
export const newsletterTokenQuerySchema = z.object({
  token: z.string({ error: 'Ce lien est incomplet.' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'Ce lien est incomplet ou erroné.'),
});

export const ERASE_CONFIRMATION_MESSAGE = 'L’adresse e-mail saisie ne correspond pas à celle du contact : rien n’a été effacé.';

/** `POST /api/admin/leads/{id}/erase`: the person's email, typed again by the administrator. */
export const leadEraseSchema = z.object({
  confirmEmail: z
    .string({ error: 'Saisissez l’adresse e-mail du contact pour confirmer.' })
    .trim()
    .min(1, 'Saisissez l’adresse e-mail du contact pour confirmer.')
    .max(320, ERASE_CONFIRMATION_MESSAGE),
});
export type LeadEraseInput = z.input<typeof leadEraseSchema>;

export const newsletterFilter = optionalOneOf(NEWSLETTER_STATUSES, NEWSLETTER_STATUS_LABELS, 'L’état newsletter');
