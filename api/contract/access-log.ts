/**
 * The access log's actions and what the contact page's "Consultations" calls them (docs/decisions/147-access-log.md).
 * Shared, not a feature's: the platform writes the log (api/platform/access-log.ts), privacy presents it
 * (decision 135). The migration's check lists the same values (migrations/20261209_accounts_6_access_log.ts).
 */
import { labelledValues } from './fields.ts';

export const ACCESS_LOG_ACTION_LABELS = {
  contact_viewed: 'Fiche consultée',
  contact_exported: 'Données du contact exportées',
  contact_erased: 'Contact effacé',
  contact_deleted: 'Contact supprimé',
  contacts_exported: 'Contacts exportés (CSV)',
  registrations_exported: 'Inscriptions exportées (CSV)',
  recipients_exported: 'Destinataires exportés (CSV)',
  bulk_action: 'Action groupée',
  sign_in: 'Connexion',
  sign_in_failed: 'Connexion refusée',
  sign_in_locked: 'Connexion bloquée',
  session_revoked: 'Session fermée',
  password_changed: 'Mot de passe modifié',
  account_created: 'Compte créé',
  account_updated: 'Compte modifié',
  factor_added: 'Facteur ajouté',
  factor_removed: 'Facteur retiré',
  factors_reset: 'Facteurs réinitialisés',
  recovery_code_used: 'Code de secours utilisé',
  recovery_codes_renewed: 'Codes de secours renouvelés',
  reauth: 'Identité confirmée',
  reauth_failed: 'Confirmation d’identité refusée',
} satisfies Record<string, string>;
export const ACCESS_LOG_ACTIONS = labelledValues(ACCESS_LOG_ACTION_LABELS);
export type AccessLogAction = (typeof ACCESS_LOG_ACTIONS)[number];

/**
 * The security events (api/platform/audit.ts) that also go to the access log, and as what: the one list.
 * An audit type not named here (a tag renamed, a backup) is not an access; a type another feature adds
 * later is named here to be logged.
 */
export const AUDIT_TO_ACCESS: Readonly<Record<string, AccessLogAction>> = {
  login_succeeded: 'sign_in',
  login_failed: 'sign_in_failed',
  login_locked: 'sign_in_locked',
  session_revoked: 'session_revoked',
  password_changed: 'password_changed',
  admin_setup: 'account_created',
  user_created: 'account_created',
  user_updated: 'account_updated',
  mfa_enrolled: 'factor_added',
  passkey_registered: 'factor_added',
  mfa_removed: 'factor_removed',
  passkey_removed: 'factor_removed',
  mfa_reset: 'factors_reset',
  mfa_failed: 'sign_in_failed',
  passkey_failed: 'sign_in_failed',
  recovery_code_used: 'recovery_code_used',
  recovery_codes_regenerated: 'recovery_codes_renewed',
  reauth_succeeded: 'reauth',
  reauth_failed: 'reauth_failed',
};
