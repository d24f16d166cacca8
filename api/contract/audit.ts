/**
 * The security record: event types, an event as it is stored, and the admin list's query. Shared, not a
 * feature's: the platform writes and reads the record (api/platform/audit.ts), accounts presents it (decision 135).
 */
import { z } from './zod.ts';
import { paginationQuerySchema } from './params.ts';
import { blankToUndefined, labelledValues } from './fields.ts';

/** One event as api/platform/audit.ts reads it back (the presenter of accounts' contract shapes it). */
export interface AuditEventRow {
  id: string | number;
  type: AuditEventType;
  userId: number | null;
  ipPrefix: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** Every event type and what the Journal tab of Paramètres calls it (the types are listed here once). */
export const AUDIT_EVENT_LABELS = {
  login_succeeded: 'Connexion réussie',
  login_failed: 'Connexion refusée',
  login_locked: 'Connexion bloquée',
  admin_setup: 'Administrateur créé (installation)',
  password_changed: 'Mot de passe modifié',
  session_revoked: 'Session fermée',
  lead_deleted: 'Contact supprimé',
  webinar_deleted: 'Webinaire supprimé',
  backup_completed: 'Sauvegarde réussie',
  backup_failed: 'Sauvegarde échouée',
  leads_exported: 'Contacts exportés',
  registrations_exported: 'Inscriptions exportées',
  lead_exported: 'Fiche contact exportée',
  lead_erased: 'Contact effacé',
  leads_imported: 'Contacts importés',
  leads_bulk_updated: 'Contacts modifiés en masse',
  tag_renamed: 'Tag renommé',
  tag_deleted: 'Tag supprimé',
  user_created: 'Utilisateur créé',
  user_updated: 'Utilisateur modifié',
  lead_origin_corrected: 'Origine d’un contact corrigée',
  billing_settings_updated: 'Paramètres de facturation modifiés',
  invoices_created: 'Factures créées',
  credit_note_created: 'Note de crédit établie',
  offer_created: 'Offre créée',
  offer_sent: 'Offre envoyée',
  offer_withdrawn: 'Offre retirée',
  offer_accepted: 'Offre acceptée',
  bank_file_imported: 'Relevé bancaire importé',
  payment_assigned: 'Paiement attribué',
  accounting_records_destroyed: 'Pièces comptables de plus de dix ans détruites',
  mfa_enrolled: 'Second facteur ajouté',
  mfa_removed: 'Second facteur retiré',
  mfa_reset: 'Seconds facteurs réinitialisés',
  mfa_failed: 'Code de second facteur refusé',
  recovery_codes_regenerated: 'Codes de secours renouvelés',
  recovery_code_used: 'Code de secours utilisé',
  // Decision 146, in the order of the migrations (tests/api/allowed-values.test.ts).
  passkey_registered: 'Clé d’accès ajoutée',
  passkey_failed: 'Clé d’accès refusée',
  reauth_succeeded: 'Identité confirmée',
  reauth_failed: 'Confirmation d’identité refusée',
  // Decision 155: the sequences' changes and a run stopped by hand.
  sequence_created: 'Séquence créée',
  sequence_updated: 'Séquence modifiée',
  sequence_paused: 'Séquence mise en pause',
  sequence_resumed: 'Séquence reprise',
  sequence_deleted: 'Séquence supprimée',
  sequence_run_stopped: 'Séquence arrêtée pour un contact',
} satisfies Record<string, string>;
export const AUDIT_EVENT_TYPES = labelledValues(AUDIT_EVENT_LABELS);
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** `GET /api/admin/audit?page&limit&type`. */
export const auditListQuerySchema = paginationQuerySchema.extend({
  type: z.preprocess(blankToUndefined, z.enum(AUDIT_EVENT_TYPES, { error: `Le type d'événement doit être l'un des suivants : ${AUDIT_EVENT_TYPES.join(', ')}.` }).optional()),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
