/**
 * Recovery codes (docs/decisions/144-second-factor-totp-and-recovery-codes.md): ten at each enrolment, shown
 * once, stored as SHA-256 hashes, each usable once. A code is 25 base32 characters (125 random bits), shown
 * in five groups of five; what the user types is compared without spaces, dashes or case. With that much
 * entropy an unsalted fast hash is enough (ASVS 6.5: lookup secrets of at least 112 bits).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function hashCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

/** What is compared: upper case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

function newCode(): string {
  const bytes = randomBytes(25);
  const characters = [...bytes].map((byte) => ALPHABET[byte % 32]).join('');
  return characters.match(/.{5}/g)!.join('-');
}

/** Replaces the account's recovery codes with ten new ones and returns them (the only time they are readable). */
export async function replaceRecoveryCodes(knex: Knex, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await knex.transaction(async (trx) => {
    await trx('recovery_codes').where({ userId }).delete();
    await trx('recovery_codes').insert(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  });
  return codes;
}

/** Uses one recovery code: true once, false for an unknown or already used code. */
export async function consumeRecoveryCode(knex: Knex, userId: number, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!/^[A-Z2-7]{25}$/.test(normalised)) return false;
  const used = await knex('recovery_codes')
    .where({ userId, codeHash: hashCode(normalised), usedAt: null })
    .update({ usedAt: new Date() });
  return used === 1;
}

export async function recoveryCodesLeft(knex: Knex, userId: number): Promise<number> {
  const row = await knex('recovery_codes').where({ userId, usedAt: null }).count({ left: '*' }).first();
  return Number(row?.left ?? 0);
}
