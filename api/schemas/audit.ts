/** The security record (issue 10): event types and the admin list's query. */
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
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** `GET /api/admin/audit?page&limit&type`. */
export const auditListQuerySchema = paginationQuerySchema.extend({
  type: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_EVENT_TYPES, { error: `Le type d'événement doit être l'un des suivants : ${AUDIT_EVENT_TYPES.join(', ')}.` }).optional(),
  ),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
