/**
 * A user's open sessions: listed by their public id, ended one by one, or all but the
 * current one after a password change. Deleting the row is enough: the cookie then gets 401.
 */
import type { Knex } from 'knex';
import type { SessionRow } from './contract/index.ts';

export async function listSessions(db: Knex, userId: number): Promise<SessionRow[]> {
  return db('sessions')
    .where({ userId })
    .whereNotNull('publicId')
    .where('expire', '>', new Date())
    .orderBy([{ column: 'lastSeenAt', order: 'desc' }, { column: 'publicId' }])
    .select<SessionRow[]>('publicId', 'createdAt', 'lastSeenAt', 'browser', 'ipPrefix');
}

/** Ends one session of `userId`; false when it has no such session (someone else's is never touched). */
export async function revokeSession(db: Knex, userId: number, publicId: string): Promise<boolean> {
  const deleted = await db('sessions').where({ userId, publicId }).delete().returning('publicId');
  return deleted.length > 0;
}

/** Ends every session of `userId` except `keepPublicId`; returns how many ended. */
export async function endOtherSessions(db: Knex, userId: number, keepPublicId: string | undefined): Promise<number> {
  const query = db('sessions').where({ userId });
  if (keepPublicId) query.where((builder) => builder.whereNot({ publicId: keepPublicId }).orWhereNull('publicId'));
  return (await query.delete().returning('sid')).length;
}
