/**
 * Cookie sessions (koa-session) stored in the `sessions` table.
 * - The cookie holds only a random id (32 bytes, base64url), signed with `app.keys`; the table keys rows
 *   by the SHA-256 of that id, so a leaked database dump holds no usable session cookie.
 * - Cookie: httpOnly, SameSite=Lax, signed; Secure in production whenever the site is reached over HTTPS
 *   (directly, through a trusted proxy, or because PUBLIC_URL is https), and then named with the
 *   `__Host-` prefix, which browsers accept only Secure, for this host, on path / (no subdomain can set it).
 * - Each signed-in session row carries its user id (a password change ends the others), a public id
 *   (what the session list shows and DELETE takes: neither the cookie value nor its hash), the browser
 *   and the IP prefix seen at sign-in, and when it was last used.
 * - Idle timeout (rolling: every answer pushes the expiry back) and an absolute lifetime counted from
 *   sign-in (`createdAt` in the session): past it the session is refused whatever the activity.
 * - Expired rows are purged lazily, at most every few minutes, on the next write.
 * Only `/api/*` requests read the session: static pages never cost a database query.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import createSession from 'koa-session';
import type { Config } from '../config.ts';
import type { Database } from '../db.ts';
import { ipPrefix } from '../lib/client-ip.ts';
import { browserLabel } from '../lib/browser-label.ts';

export const SESSION_COOKIE = 'ic.sid';
/** The session cookie's name over HTTPS in production. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * Every API that acts with the session cookie: the session is read only there, and state-changing
 * requests to them must come from the site itself (api/app.ts). One list for both jobs.
 */
export const SESSION_API_PATHS = /^\/api\/(admin|admin-dev|crm|simple-auth|auth|logout)(\/|$)/;
const PURGE_INTERVAL_MS = 5 * 60 * 1000;

/** What a session holds. Absent `userId`: anonymous (nothing is stored for anonymous visitors). */
export interface SessionData {
  userId?: number;
  /** Sign-in time (ms since epoch): the absolute lifetime counts from here. */
  createdAt?: number;
  /** The id the session list shows (not the cookie value). */
  publicId?: string;
  browser?: string;
  ipPrefix?: string | null;
  /**
   * When the user last proved a factor (ms since epoch): at sign-in, or again through re-authentication.
   * What cannot be undone asks for a proof of at most 5 minutes (docs/decisions/145-re-authentication.md).
   */
  factorVerifiedAt?: number;
  /** Signed in with a password only while a second factor is required: the account may only enrol one (decision 144). */
  enrolmentRequired?: boolean;
}

export interface AppSession extends SessionData {
  isNew: boolean;
  regenerate: () => Promise<void>;
  save: () => Promise<void>;
}

declare module 'koa' {
  interface DefaultContext {
    session: AppSession | null;
    readonly sessionOptions: { secure?: boolean; maxAge?: number | 'session' };
  }
}

function storeKey(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

/** Whether the browser reaches us over HTTPS (TLS here, at a trusted proxy, or per PUBLIC_URL). */
function servedOverHttps(ctx: Context, config: Config): boolean {
  return ctx.secure || (config.publicUrl?.startsWith('https:') ?? false);
}

/** Whether this answer's cookies are Secure (and `__Host-` prefixed): production over HTTPS. */
export function secureCookies(ctx: Context, config: Config): boolean {
  return config.isProduction && servedOverHttps(ctx, config);
}

export function isSessionExpired(data: SessionData, config: Config, now = Date.now()): boolean {
  return typeof data.createdAt !== 'number' || now - data.createdAt >= config.sessionAbsoluteTimeoutMs;
}

export class SessionStore {
  private readonly knex: Database;
  private readonly config: Config;
  private lastPurge = 0;

  constructor(knex: Database, config: Config) {
    this.knex = knex;
    this.config = config;
  }

  async get(sid: string): Promise<Record<string, unknown> | undefined> {
    const row = await this.knex('sessions')
      .where({ sid: storeKey(sid) })
      // The application's clock decides expiry everywhere (cookie, absolute lifetime, rows) so they agree.
      .where('expire', '>', new Date())
      .first<{ sess: Record<string, unknown> | string } | undefined>('sess');
    if (!row) return undefined;
    return typeof row.sess === 'string' ? (JSON.parse(row.sess) as Record<string, unknown>) : row.sess;
  }

  async set(sid: string, sess: Record<string, unknown>, maxAge: number): Promise<void> {
    const now = Date.now();
    const createdAt = typeof sess.createdAt === 'number' ? sess.createdAt : now;
    // The row never outlives the absolute lifetime, even if the idle timeout would allow it.
    const expire = new Date(Math.min(now + maxAge, createdAt + this.config.sessionAbsoluteTimeoutMs));
    const data = sess as SessionData;
    const key = storeKey(sid);
    // Every answer rewrites the session (rolling expiry), often several at once for one admin's parallel
    // requests. An existing row is updated in place: an upsert would race itself (two inserts of a row
    // that a concurrent update briefly hides collide on the other unique index, `public_id`, and
    // PostgreSQL raises that as a unique violation, not as the ON CONFLICT target), so only a new
    // session takes the insert path.
    const updated = await this.knex('sessions')
      .where({ sid: key })
      .update({ sess: JSON.stringify(sess), expire, lastSeenAt: new Date(now) });
    if (updated === 0) {
      await this.knex('sessions')
        .insert({
          sid: key,
          sess: JSON.stringify(sess),
          expire,
          userId: data.userId ?? null,
          publicId: data.publicId ?? null,
          createdAt: new Date(createdAt),
          lastSeenAt: new Date(now),
          browser: data.browser ?? null,
          ipPrefix: data.ipPrefix ?? null,
        })
        .onConflict('sid')
        .merge(['sess', 'expire', 'lastSeenAt']);
    }
    await this.purgeExpiredSometimes(now);
  }

  async destroy(sid: string): Promise<void> {
    await this.knex('sessions')
      .where({ sid: storeKey(sid) })
      .delete();
  }

  async purgeExpired(): Promise<number> {
    const purged = await this.knex('sessions').where('expire', '<=', new Date()).delete().returning('sid');
    return purged.length;
  }

  private async purgeExpiredSometimes(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    await this.purgeExpired();
  }
}

/** The session middleware for `app`. Mounted once in api/app.ts; a no-op outside the session APIs. */
export function sessionMiddleware(app: Koa, config: Config, knex: Database) {
  const store = new SessionStore(knex, config);
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: config.sessionIdleTimeoutMs,
      rolling: true,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: false,
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        get: (sid: string) => store.get(sid),
        set: (sid: string, sess: Record<string, unknown>, maxAge: number) => store.set(sid, sess, maxAge),
        destroy: (sid: string) => store.destroy(sid),
      },
      // A session past its absolute lifetime is treated as absent (a fresh anonymous one replaces it).
      valid: (_ctx: Context, data: SessionData) => data.userId === undefined || !isSessionExpired(data, config),
    } as Parameters<typeof createSession>[0],
    app,
  );

  return async function sessions(ctx: Context, next: Next): Promise<void> {
    // Only the APIs that act for a signed-in user read the session: the public lead form and the site skip it.
    if (!SESSION_API_PATHS.test(ctx.path)) return next();
    if (secureCookies(ctx, config)) {
      ctx.sessionOptions.secure = true;
      (ctx.sessionOptions as { key?: string }).key = SECURE_SESSION_COOKIE;
      // TLS ends at a proxy we do not trust for X-Forwarded-Proto, but PUBLIC_URL says the browser
      // uses HTTPS: let the cookie library write a Secure cookie over this hop.
      (ctx.cookies as unknown as { secure: boolean }).secure = true;
    }
    return session(ctx, next);
  };
}

/**
 * Whether the request carries a session cookie that this site signed (either name). Checked without the
 * database, so a public page can tell a team member's browser at no cost: only a sign-in or an admin
 * call sets the cookie, a sign-out clears it, and nobody else can sign one without `SESSION_SECRET`.
 */
export function hasSignedSessionCookie(ctx: Context): boolean {
  // `cookies.get(name, { signed: true })` would answer a wrong signature with a Set-Cookie clearing it:
  // a public page never sets a cookie, so the signature is checked here with the same keys instead.
  const keys = (ctx.cookies as unknown as { keys?: { index: (data: string, digest: string) => number } }).keys;
  if (!keys) return false;
  for (const name of [SESSION_COOKIE, SECURE_SESSION_COOKIE]) {
    const value = ctx.cookies.get(name, { signed: false });
    const signature = ctx.cookies.get(`${name}.sig`, { signed: false });
    if (value && signature && keys.index(`${name}=${value}`, signature) >= 0) return true;
  }
  return false;
}

/** Signs `userId` in on this request's session, under a new session id (no session fixation). */
export async function signInSession(ctx: Context, userId: number): Promise<void> {
  const session = ctx.session!;
  session.userId = userId;
  session.createdAt = Date.now();
  // Signing in is itself a proof of the account's factors: re-authentication counts from here (decision 145).
  session.factorVerifiedAt = session.createdAt;
  session.publicId = randomBytes(16).toString('base64url');
  session.browser = browserLabel(ctx.get('user-agent'));
  session.ipPrefix = ipPrefix(ctx.ip);
  // Destroys the old row and saves these data under a new id.
  await session.regenerate();
}

/** Ends the session: the row is deleted and the cookie cleared when the response is committed. */
export function signOutSession(ctx: Context): void {
  ctx.session = null;
}
