/**
 * TOTP factors (RFC 6238: SHA-1, 6 digits, 30 s) on `otpauth` (docs/decisions/144-second-factor-totp-and-recovery-codes.md).
 * - The secret is 160 random bits (RFC 4226 §4), given to the user as a base32 key and an `otpauth://` URI.
 * - A code is accepted within one step either side (clock drift), and once: accepting it records its time
 *   step, and the same code or any older one is refused afterwards. The record is a conditional update, so
 *   two requests racing with one code cannot both pass.
 */
import { Secret, TOTP } from 'otpauth';
import type { Knex } from 'knex';

export const TOTP_ISSUER = 'Inner Circle';
const PERIOD_SECONDS = 30;
const DIGITS = 6;

/** A new random 160-bit secret, in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = 'compte'): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, accountLabel: string): string {
  return totpFor(secret, accountLabel).toString();
}

/** The code of `secret` at `timestamp` (tests and the bench compute codes as an authenticator app does). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totpFor(secret).generate({ timestamp });
}

/** The time step a typed code belongs to, or undefined when it matches none of the accepted steps. */
export function matchingStep(secret: string, code: string, timestamp = Date.now()): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpFor(secret).validate({ token, timestamp, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Checks `code` against one TOTP factor and, when it matches a step newer than the last accepted one,
 * records that step. Returns whether the code was accepted (false for a wrong or replayed code).
 */
export async function acceptTotpCode(knex: Knex, factor: { id: number; totpSecret: string }, code: string, timestamp = Date.now()): Promise<boolean> {
  const step = matchingStep(factor.totpSecret, code, timestamp);
  if (step === undefined) return false;
  const updated = await knex('user_factors')
    .where({ id: factor.id })
    .andWhere((query) => query.whereNull('totpLastStep').orWhere('totpLastStep', '<', step))
    .update({ totpLastStep: step, lastUsedAt: new Date(timestamp) });
  return updated === 1;
}
