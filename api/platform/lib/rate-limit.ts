/**
 * Fixed-window rate limits stored in PostgreSQL (table `rate_limits`), so every API process
 * sharing the database enforces the same limits. One atomic upsert per hit: no read-then-write race.
 */
import type { Database } from '../db.ts';
import { tooManyRequests } from '../errors.ts';

export interface LimitRule {
  /** Distinguishes the counters, e.g. 'login:account'. */
  name: string;
  points: number;
  windowSeconds: number;
}

export interface LimitState {
  points: number;
  resetAt: Date;
}

function retryAfterSeconds(resetAt: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/** Counts one hit against `rule` for `subject`; returns the counter after the hit. */
export async function hit(knex: Database, rule: LimitRule, subject: string): Promise<LimitState> {
  const key = `${rule.name}:${subject}`;
  const { rows } = await knex.raw<{ rows: Array<{ points: number; reset_at: Date }> }>(
    `insert into rate_limits (key, points, reset_at)
     values (?, 1, now() + make_interval(secs => ?))
     on conflict (key) do update set
       points = case when rate_limits.reset_at <= now() then 1 else rate_limits.points + 1 end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning points, reset_at`,
    [key, rule.windowSeconds],
  );
  const row = rows[0]!;
  return { points: Number(row.points), resetAt: new Date(row.reset_at) };
}

/** Throws 429 with Retry-After when this hit goes over the rule. */
export async function consume(knex: Database, rule: LimitRule, subject: string): Promise<void> {
  const state = await hit(knex, rule, subject);
  if (state.points > rule.points) throw tooManyRequests(retryAfterSeconds(state.resetAt));
}

export interface Refusal {
  retryAfterSeconds: number;
  /** The first refusal of this window (the moment the subject became locked). */
  first: boolean;
}

/**
 * Reserves one place under `rule` (the atomic increment of `hit`); `undefined` when it fits, else the
 * refusal. Used before a password is verified: concurrent attempts each get their own number, so no
 * more than `rule.points` of them ever reach the verification.
 */
export async function reserve(knex: Database, rule: LimitRule, subject: string): Promise<Refusal | undefined> {
  const state = await hit(knex, rule, subject);
  if (state.points <= rule.points) return undefined;
  return { retryAfterSeconds: retryAfterSeconds(state.resetAt), first: state.points === rule.points + 1 };
}

/** Gives back a place reserved by `reserve` (the attempt did not count: success, or never verified). */
export async function refund(knex: Database, rule: LimitRule, subject: string): Promise<void> {
  await knex('rate_limits')
    .where({ key: `${rule.name}:${subject}` })
    .where('points', '>', 0)
    .decrement('points', 1);
}

export async function reset(knex: Database, rule: LimitRule, subject: string): Promise<void> {
  await knex('rate_limits')
    .where({ key: `${rule.name}:${subject}` })
    .delete();
}

export async function purgeExpiredLimits(knex: Database): Promise<number> {
  return knex('rate_limits').where('resetAt', '<=', knex.fn.now()).delete();
}

/**
 * Requests allowed per window, per rule. Password attempts: 5 per account, 20 per IP
 * (IPv6: per /64), or 5 per device cookie for a browser that signed in to that account before.
 */
export const RATE_LIMIT_RULES = {
  loginPerAccount: { name: 'login:account', points: 5, windowSeconds: 15 * 60 },
  loginPerIp: { name: 'login:ip', points: 20, windowSeconds: 15 * 60 },
  loginPerDevice: { name: 'login:device', points: 5, windowSeconds: 15 * 60 },
  setupAdminPerIp: { name: 'setup-admin:ip', points: 10, windowSeconds: 15 * 60 },
  leadsPerIpMinute: { name: 'leads:ip:minute', points: 10, windowSeconds: 60 },
  leadsPerIpDay: { name: 'leads:ip:day', points: 100, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;
