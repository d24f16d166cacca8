import type { SessionRow } from '../sessions.ts';
import { iso } from '../../../contract/presenting.ts';

/** One session of the signed-in user. `id` is the public id: not the cookie value, nor its hash. */
export function presentSession(session: SessionRow, currentPublicId: string | undefined) {
  return {
    id: session.publicId,
    createdAt: iso(session.createdAt)!,
    lastSeenAt: iso(session.lastSeenAt)!,
    current: session.publicId === currentPublicId,
    browser: session.browser ?? 'Navigateur inconnu',
    ipPrefix: session.ipPrefix,
  };
}
export type SessionJson = ReturnType<typeof presentSession>;
