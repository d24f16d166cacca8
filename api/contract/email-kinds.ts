/**
 * The outbox's e-mail kinds and statuses with their French labels (the Emails screen shows them). Shared:
 * the platform's outbox types its rows with them and every feature registers its kinds under these names
 * (api/features/email-kinds.ts), so they belong to no one feature (decision 135).
 */
import { labelledValues } from './fields.ts';

/** Every e-mail kind with its French label: the kinds are listed here once (the database's list: decision 118). */
export const EMAIL_KIND_LABELS = {
  webinar_confirmation: 'Confirmation d’inscription',
  webinar_reminder: 'Rappel de webinaire',
  contact_acknowledgement: 'Accusé de réception',
  team_alert: 'Alerte équipe',
  webinar_cancelled: 'Annulation de webinaire',
  webinar_invitation: 'Invitation à la prochaine session',
  waitlist_promoted: 'Place libérée (liste d’attente)',
  webinar_update: 'Modification de webinaire',
  webinar_followup: 'Suivi après le webinaire',
  newsletter_confirmation: 'Confirmation d’inscription à la newsletter',
  waitlist_joined: 'Liste d’attente',
  registration_cancelled: 'Inscription annulée par la personne',
  booking_feed_alert: 'Alerte calendrier d’un hôte',
  booking_confirmation: 'Confirmation d’appel découverte',
  booking_reminder: 'Rappel d’appel découverte',
  booking_host_alert: 'Nouvel appel (hôte)',
  booking_update: 'Appel découverte déplacé',
  booking_cancelled: 'Appel découverte annulé',
  newsletter_issue: 'Newsletter',
  newsletter_test: 'Newsletter (envoi de test)',
  newsletter_paused_alert: 'Alerte : newsletter en pause',
  invoice_issued: 'Facture',
  invoice_reminder: 'Rappel de facture',
  credit_note_issued: 'Note de crédit',
  offer_sent: 'Offre',
  sequence_step: 'Séquence',
  sequence_test: 'Séquence (envoi de test)',
} satisfies Record<string, string>;
export const EMAIL_KIND_VALUES = labelledValues(EMAIL_KIND_LABELS);
export type EmailKindValue = (typeof EMAIL_KIND_VALUES)[number];

export const EMAIL_STATUS_VALUES = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type EmailStatusValue = (typeof EMAIL_STATUS_VALUES)[number];
export const EMAIL_STATUS_LABELS: Record<EmailStatusValue, string> = {
  queued: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
  cancelled: 'Annulé',
};
