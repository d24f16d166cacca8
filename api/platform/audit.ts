/**
 * The security record (`audit_events`). Callers pass ids and an IP prefix only: a row never holds a
 * password, a typed login identifier or a session id (tests/api/audit.test.ts checks every row).
 */
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { AuditEventRow, AuditEventType, AuditListQuery } from '../contract/audit.ts';
import { ipPrefix } from './lib/client-ip.ts';

export interface NewAuditEvent {
  type: AuditEventType;
  userId?: number | null;
  ipPrefix?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

export async function recordAuditEvent(db: Knex, event: NewAuditEvent): Promise<void> {
  await db('audit_events').insert({
    type: event.type,
    userId: event.userId ?? null,
    ipPrefix: event.ipPrefix ?? null,
    details: JSON.stringify(event.details ?? {}),
  });
}

/** Several events in one statement (a bulk deletion records one per contact). */
export async function recordAuditEvents(db: Knex, events: NewAuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db('audit_events').insert(events.map((event) => ({ type: event.type, userId: event.userId ?? null, ipPrefix: event.ipPrefix ?? null, details: JSON.stringify(event.details ?? {}) })));
}

/** Records an event of this request: its client's IP prefix, and the given (or signed-in) user. */
export function auditRequest(ctx: Context, type: AuditEventType, options: Omit<NewAuditEvent, 'type' | 'ipPrefix'> = {}): Promise<void> {
  const userId = options.userId !== undefined ? options.userId : (ctx.state.user?.id ?? null);
  return recordAuditEvent(ctx.knex, { type, userId, ipPrefix: ipPrefix(ctx.ip), details: options.details });
}

/** Newest first, optionally of one type. */
export async function listAuditEvents(db: Knex, query: AuditListQuery): Promise<{ events: AuditEventRow[]; total: number }> {
  const filtered = () => (query.type ? db('audit_events').where({ type: query.type }) : db('audit_events'));
  const [events, count] = await Promise.all([
    filtered()
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .select<AuditEventRow[]>('id', 'type', 'userId', 'ipPrefix', 'details', 'createdAt'),
    filtered().count({ total: '*' }).first(),
  ]);
  return { events, total: Number(count?.total ?? 0) };
}
