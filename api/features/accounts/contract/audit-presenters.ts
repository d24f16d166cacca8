import type { AuditEventRow } from '../../../contract/audit.ts';
import { iso } from '../../../contract/presenting.ts';

/** One security event as `GET /api/admin/audit` answers it. */
export function presentAuditEvent(event: AuditEventRow) {
  return {
    id: Number(event.id),
    type: event.type,
    userId: event.userId,
    ipPrefix: event.ipPrefix,
    details: typeof event.details === 'string' ? (JSON.parse(event.details) as Record<string, unknown>) : event.details,
    createdAt: iso(event.createdAt)!,
  };
}
export type AuditEventJson = ReturnType<typeof presentAuditEvent>;
