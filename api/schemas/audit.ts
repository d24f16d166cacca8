/** The security record: event types and the admin list's query. */
import { z } from './zod.ts';
import { paginationQuerySchema } from './leads.ts';
import { blankToUndefined } from './fields.ts';

export const AUDIT_EVENT_TYPES = [
  'login_succeeded',
  'login_failed',
  'login_locked',
  'admin_setup',
  'password_changed',
  'session_revoked',
  'lead_deleted',
  'webinar_deleted',
  'backup_completed',
  'backup_failed',
  'leads_exported',
  'registrations_exported',
  'lead_exported',
  'lead_erased',
  'leads_imported',
  'leads_bulk_updated',
  'tag_renamed',
  'tag_deleted',
  'user_created',
  'user_updated',
  'lead_origin_corrected',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** What the Journal tab of Paramètres calls each event. */
export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
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
};

/** `GET /api/admin/audit?page&limit&type`. */
export const auditListQuerySchema = paginationQuerySchema.extend({
  type: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_EVENT_TYPES, { error: `Le type d'événement doit être l'un des suivants : ${AUDIT_EVENT_TYPES.join(', ')}.` }).optional(),
  ),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
