import { iso } from '../../../contract/presenting.ts';

export interface SessionRow {
  publicId: string;
  createdAt: Date;
  lastSeenAt: Date;
  browser: string | null;
  ipPrefix: string | null;
}

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
