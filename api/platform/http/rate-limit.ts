/**
 * Rate limits in the route chain (counters in PostgreSQL, api/platform/lib/rate-limit.ts), keyed by the client
 * IP as Koa computes it (`X-Forwarded-For` only when TRUST_PROXY is on, read TRUSTED_PROXY_COUNT from
 * the right, so a client cannot pick its own IP); IPv6 clients count per /64 (api/platform/lib/client-ip.ts).
 * Off when `RATE_LIMITS=off` (load tests only).
 */
import { createHmac } from 'node:crypto';
import type { Context, Next } from 'koa';
import { consume, refund, reserve, reset, RATE_LIMIT_RULES, type LimitRule } from '../lib/rate-limit.ts';
import { rateLimitSubject } from '../lib/client-ip.ts';
import { readDeviceCookie } from './device-cookie.ts';
import { tooManyRequests } from '../errors.ts';
import { auditRequest } from '../audit.ts';
import type { User } from '../../models/index.ts';

/** Every request counts against each rule, per client IP: 429 with Retry-After past the limit. */
export function limitPerIp(...rules: LimitRule[]) {
  return async function limitRequests(ctx: Context, next: Next): Promise<void> {
    if (ctx.config.rateLimitsEnabled) {
      for (const rule of rules) await consume(ctx.knex, rule, rateLimitSubject(ctx.ip));
    }
    return next();
  };
}

/** One attempt to prove who one is with a password (login, password change). */
export interface PasswordAttempt {
  /** The account the identifier names, if any. */
  user: User | undefined;
  /** The identifier as typed, normalised (NFKC, trimmed, lower case): hashed before it is stored. */
  identifier: string;
  /** Set by the handler once the password was verified. */
  outcome?: 'succeeded' | 'failed';
}

declare module 'koa' {
  interface DefaultState {
    passwordAttempt?: PasswordAttempt;
  }
}

/** The counter of an account: its id when it exists, else a keyed hash of what was typed (never the text). */
function accountSubject(ctx: Context, attempt: PasswordAttempt): string {
  if (attempt.user) return `user:${attempt.user.id}`;
  return `id:${createHmac('sha256', ctx.config.sessionSecret).update(`login-identifier:${attempt.identifier}`).digest('base64url')}`;
}

interface Counter {
  rule: LimitRule;
  subject: string;
  /** Reset on success (the account's and the device's), rather than merely given back (the IP's). */
  resetOnSuccess: boolean;
}

/**
 * OWASP device cookies: a browser holding a valid device cookie for this very account counts against
 * that cookie alone, so strangers locking the account or the IP out do not lock its owner out.
 */
function countersFor(ctx: Context, attempt: PasswordAttempt): Counter[] {
  const device = readDeviceCookie(ctx);
  if (device && attempt.user && device.userId === attempt.user.id) {
    return [{ rule: RATE_LIMIT_RULES.loginPerDevice, subject: device.nonce, resetOnSuccess: true }];
  }
  return [
    { rule: RATE_LIMIT_RULES.loginPerIp, subject: rateLimitSubject(ctx.ip), resetOnSuccess: false },
    { rule: RATE_LIMIT_RULES.loginPerAccount, subject: accountSubject(ctx, attempt), resetOnSuccess: true },
  ];
}

/**
 * Brute-force protection for password checks. Before the password is verified, the attempt reserves
 * its place in each counter (one atomic increment each): past 5 per account (or per device cookie) or
 * 20 per IP in 15 minutes the answer is 429 with Retry-After, even with the right password, and no
 * verification runs. Afterwards: a success resets the account's (device's) counter and gives the IP's
 * place back; an attempt never verified (e.g. 503) gives every place back; a failure keeps them.
 * `resolve` names the account (login: from the typed identifier; password change: the signed-in user).
 */
export function limitPasswordAttempts(resolve: (ctx: Context) => Promise<PasswordAttempt>) {
  return async function limitAttempts(ctx: Context, next: Next): Promise<void> {
    const attempt = await resolve(ctx);
    ctx.state.passwordAttempt = attempt;
    if (!ctx.config.rateLimitsEnabled) return next();

    const counters = countersFor(ctx, attempt);
    const reserved: Counter[] = [];
    for (const counter of counters) {
      const refusal = await reserve(ctx.knex, counter.rule, counter.subject);
      if (refusal) {
        // One event per lock, not one per refused attempt: a flood cannot fill the table.
        if (refusal.first) await auditRequest(ctx, 'login_locked', { userId: attempt.user?.id ?? null, details: { counter: counter.rule.name } });
        throw tooManyRequests(refusal.retryAfterSeconds);
      }
      reserved.push(counter);
    }
    try {
      await next();
    } finally {
      for (const counter of reserved) {
        if (attempt.outcome === 'failed') continue;
        if (attempt.outcome === 'succeeded' && counter.resetOnSuccess) await reset(ctx.knex, counter.rule, counter.subject);
        else await refund(ctx.knex, counter.rule, counter.subject);
      }
    }
  };
}
