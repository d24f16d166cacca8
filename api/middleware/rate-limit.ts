/**
 * Rate limits in the route chain (counters in PostgreSQL, api/lib/rate-limit.ts), keyed by the client
 * IP as Koa computes it (`X-Forwarded-For` only when TRUST_PROXY is on, read TRUSTED_PROXY_COUNT from
 * the right, so a client cannot pick its own IP). Off when `RATE_LIMITS=off` (load tests only).
 */
import type { Context, Next } from 'koa';
import { assertNotBlocked, consume, hit, reset, LIMITS, type LimitRule } from '../lib/rate-limit.ts';

/** Every request counts against each rule, per client IP: 429 with Retry-After past the limit. */
export function limitPerIp(...rules: LimitRule[]) {
  return async function limitRequests(ctx: Context, next: Next): Promise<void> {
    if (ctx.config.rateLimitsEnabled) {
      for (const rule of rules) await consume(ctx.knex, rule, ctx.ip);
    }
    return next();
  };
}

/**
 * Brute-force protection for sign-in: failures count per account (5 per 15 min) and per IP (20 per
 * 15 min); while either is over its limit every attempt gets 429, even with the right password; a
 * success resets the account's counter. Runs after `validate`, so `ctx.state.input.body.email` exists.
 */
export async function limitLoginFailures(ctx: Context, next: Next): Promise<void> {
  if (!ctx.config.rateLimitsEnabled) return next();
  const account = String((ctx.state.input as { body: { email: string } }).body.email).trim().toLowerCase();
  await assertNotBlocked(ctx.knex, LIMITS.loginPerAccount, account);
  await assertNotBlocked(ctx.knex, LIMITS.loginPerIp, ctx.ip);
  try {
    await next();
  } catch (error) {
    if ((error as { status?: number }).status === 401) {
      await hit(ctx.knex, LIMITS.loginPerAccount, account);
      await hit(ctx.knex, LIMITS.loginPerIp, ctx.ip);
    }
    throw error;
  }
  await reset(ctx.knex, LIMITS.loginPerAccount, account);
}
