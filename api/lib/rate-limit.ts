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

/** Throws 429 when the counter has already reached the rule (used before checking a password). */
export async function assertNotBlocked(knex: Database, rule: LimitRule, subject: string): Promise<void> {
  const row = await knex('rate_limits')
    .where({ key: `${rule.name}:${subject}` })
    .where('resetAt', '>', knex.fn.now())
    .first<{ points: number; resetAt: Date } | undefined>('points', 'resetAt');
  if (row && Number(row.points) >= rule.points) throw tooManyRequests(retryAfterSeconds(new Date(row.resetAt)));
}

export async function reset(knex: Database, rule: LimitRule, subject: string): Promise<void> {
  await knex('rate_limits').where({ key: `${rule.name}:${subject}` }).delete();
}

export async function purgeExpiredLimits(knex: Database): Promise<number> {
  return knex('rate_limits').where('resetAt', '<=', knex.fn.now()).delete();
}

/** The limits of issue 6. Failures only count for login; lead submissions count every request. */
export const LIMITS = {
  loginPerAccount: { name: 'login:account', points: 5, windowSeconds: 15 * 60 },
  loginPerIp: { name: 'login:ip', points: 20, windowSeconds: 15 * 60 },
  setupAdminPerIp: { name: 'setup-admin:ip', points: 10, windowSeconds: 15 * 60 },
  leadsPerIpMinute: { name: 'leads:ip:minute', points: 10, windowSeconds: 60 },
  leadsPerIpDay: { name: 'leads:ip:day', points: 100, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;
