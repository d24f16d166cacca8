/**
 * WebAuthn challenges (docs/decisions/146-passkeys.md): each one is kept server-side in
 * `webauthn_challenges`, single-use and valid 5 minutes. The browser holds only a random id in a short
 * signed cookie (`ic.webauthn`, `__Host-ic.webauthn` when cookies are secure); the table keys the row by
 * the SHA-256 of that id, as sessions do, so a database dump holds no usable cookie. A cookie rather than
 * the session because the second step and the whole sign-in happen before any session exists.
 * Taking a challenge deletes its row in the same statement, whatever the verification then says: a
 * challenge answers one ceremony, and an assertion sent twice finds nothing the second time.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { secureCookies } from '../../../platform/http/session.ts';

export type ChallengePurpose = 'register' | 'second-step' | 'sign-in' | 'reauth';

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const CHALLENGE_COOKIE = 'ic.webauthn';
const SECURE_CHALLENGE_COOKIE = `__Host-${CHALLENGE_COOKIE}`;

export interface StoredChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  userId: number | null;
}

function idHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

function cookieName(ctx: Context): string {
  return secureCookies(ctx, ctx.config) ? SECURE_CHALLENGE_COOKIE : CHALLENGE_COOKIE;
}

function setCookie(ctx: Context, value: string | null): void {
  const secure = secureCookies(ctx, ctx.config);
  if (secure) (ctx.cookies as unknown as { secure: boolean }).secure = true;
  ctx.cookies.set(cookieName(ctx), value, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
    path: '/',
    maxAge: value === null ? undefined : CHALLENGE_LIFETIME_MS,
    overwrite: true,
  });
}

/** Keeps `challenge` for this browser's next ceremony of `purpose` (replacing any earlier one it started). */
export async function keepChallenge(ctx: Context, purpose: ChallengePurpose, challenge: string, userId: number | null): Promise<void> {
  const now = Date.now();
  const previous = ctx.cookies.get(cookieName(ctx), { signed: true });
  // Expired rows are purged here: every ceremony starts with this call, so the table stays small.
  await ctx.knex('webauthn_challenges').where('expiresAt', '<=', new Date(now)).delete();
  if (previous)
    await ctx
      .knex('webauthn_challenges')
      .where({ idHash: idHash(previous) })
      .delete();
  const id = randomBytes(32).toString('base64url');
  await ctx.knex('webauthn_challenges').insert({ idHash: idHash(id), purpose, userId, challenge, expiresAt: new Date(now + CHALLENGE_LIFETIME_MS) });
  setCookie(ctx, id);
}

/**
 * Takes (deletes) this browser's challenge if it is still valid and was issued for one of `purposes`;
 * `undefined` otherwise. The cookie is cleared either way.
 */
export async function takeChallenge(ctx: Context, purposes: readonly ChallengePurpose[]): Promise<StoredChallenge | undefined> {
  const id = ctx.cookies.get(cookieName(ctx), { signed: true });
  if (!id) return undefined;
  setCookie(ctx, null);
  const [row] = await ctx
    .knex('webauthn_challenges')
    .where({ idHash: idHash(id) })
    .delete()
    .returning(['challenge', 'purpose', 'userId', 'expiresAt']);
  if (!row || !purposes.includes(row.purpose) || new Date(row.expiresAt).getTime() <= Date.now()) return undefined;
  return { challenge: row.challenge, purpose: row.purpose, userId: row.userId };
}
