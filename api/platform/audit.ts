/**
 * The security record (`audit_events`). Callers pass ids and an IP prefix only: a row never holds a
 * password, a typed login identifier or a session id (tests/api/audit.test.ts checks every row).
 */
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { AuditEventRow, AuditEventType, AuditListQuery } from '../contract/audit.ts';
import { ipPrefix } from './lib/client-ip.ts';
import { AUDIT_TO_ACCESS } from '../contract/access-log.ts';
import { recordAccess } from './access-log.ts';

export interface NewAuditEvent {
  type: AuditEventType;
  userId?: number | null;
  ipPrefix?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

function accessActionOf(type: AuditEventType) {
  return Object.hasOwn(AUDIT_TO_ACCESS, type) ? AUDIT_TO_ACCESS[type] : undefined;
}

async function insertAuditEvent(db: Knex, event: NewAuditEvent): Promise<void> {
  await db('audit_events').insert({
    type: event.type,
    userId: event.userId ?? null,
    ipPrefix: event.ipPrefix ?? null,
    details: JSON.stringify(event.details ?? {}),
  });
}

/** Records an event outside a request (a command, a job); a sign-in, account or factor change also goes to the access log. */
export async function recordAuditEvent(db: Knex, event: NewAuditEvent): Promise<void> {
  await insertAuditEvent(db, event);
  const action = accessActionOf(event.type);
  if (action) await recordAccess(db, { action, userId: event.userId ?? null, details: event.details });
}

/** Several events in one statement (a bulk deletion records one per contact). */
export async function recordAuditEvents(db: Knex, events: NewAuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db('audit_events').insert(events.map((event) => ({ type: event.type, userId: event.userId ?? null, ipPrefix: event.ipPrefix ?? null, details: JSON.stringify(event.details ?? {}) })));
}

/**
 * Records an event of this request: its client's IP prefix, and the given (or signed-in) user. A sign-in,
 * an account or a factor change also goes to the access log (its one list: AUDIT_TO_ACCESS; decision 147).
 */
export async function auditRequest(ctx: Context, type: AuditEventType, options: Omit<NewAuditEvent, 'type' | 'ipPrefix'> = {}): Promise<void> {
  const userId = options.userId !== undefined ? options.userId : (ctx.state.user?.id ?? null);
  await insertAuditEvent(ctx.knex, { type, userId, ipPrefix: ipPrefix(ctx.ip), details: options.details });
  const action = accessActionOf(type);
  if (action) await recordAccess(ctx, { action, userId, details: options.details });
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
