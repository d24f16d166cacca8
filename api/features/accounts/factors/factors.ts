/**
 * An account's factors (docs/decisions/144-second-factor-totp-and-recovery-codes.md): the `user_factors`
 * rows, of which only confirmed ones count, and whether the account must enrol one before anything else.
 */
import type { Knex } from 'knex';
import type { Config } from '../../../platform/config.ts';
import type { User } from '../../../models/index.ts';
import type { FactorRow, FactorType } from '../contract/index.ts';

/** A TOTP factor as the code check needs it. */
export interface TotpFactor {
  id: number;
  totpSecret: string;
}

/** The account's confirmed factors, oldest first. */
export async function confirmedFactors(knex: Knex, userId: number): Promise<FactorRow[]> {
  return knex('user_factors').where({ userId }).whereNotNull('confirmedAt').orderBy(['createdAt', 'id']).select<FactorRow[]>('id', 'type', 'name', 'createdAt');
}

/** The kinds of factor the account has confirmed ("totp", "passkey"), each once. */
export async function confirmedFactorKinds(knex: Knex, userId: number): Promise<FactorType[]> {
  const rows = await knex('user_factors').where({ userId }).whereNotNull('confirmedAt').distinct<{ type: FactorType }[]>('type');
  return rows.map((row) => row.type);
}

export async function hasConfirmedFactor(knex: Knex, userId: number): Promise<boolean> {
  return (await knex('user_factors').where({ userId }).whereNotNull('confirmedAt').first('id')) !== undefined;
}

/** The account's confirmed TOTP factors (the second step tries each). */
export async function confirmedTotpFactors(knex: Knex, userId: number): Promise<TotpFactor[]> {
  return knex('user_factors').where({ userId, type: 'totp' }).whereNotNull('confirmedAt').select<TotpFactor[]>('id', 'totpSecret');
}

/** Whether a second factor is required of this account: everyone's under MFA_REQUIRED, or after a reset. */
export function factorRequired(config: Config, user: User): boolean {
  return config.mfaRequired || user.mustEnrolFactor === true;
}

/**
 * A new, unconfirmed TOTP factor. The account's earlier unconfirmed ones go: an enrolment started again
 * replaces the abandoned one, so they never pile up.
 */
export async function createTotpFactor(knex: Knex, userId: number, name: string, secret: string): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx('user_factors').where({ userId, type: 'totp' }).whereNull('confirmedAt').delete();
    const [row] = await trx('user_factors').insert({ userId, type: 'totp', name, totpSecret: secret }).returning('id');
    return (row as { id: number }).id;
  });
}

/** The account's unconfirmed TOTP factor `factorId`, if any. */
export async function unconfirmedTotpFactor(knex: Knex, userId: number, factorId: number): Promise<TotpFactor | undefined> {
  return knex('user_factors').where({ id: factorId, userId, type: 'totp' }).whereNull('confirmedAt').first<TotpFactor | undefined>('id', 'totpSecret');
}

export async function confirmFactor(knex: Knex, factorId: number): Promise<void> {
  await knex('user_factors').where({ id: factorId }).update({ confirmedAt: new Date() });
}

/** The account's factor `factorId` (confirmed or not), if any. */
export async function ownFactor(knex: Knex, userId: number, factorId: number): Promise<{ id: number; type: FactorType; confirmedAt: Date | null } | undefined> {
  return knex('user_factors').where({ id: factorId, userId }).first('id', 'type', 'confirmedAt');
}

/** Deletes one factor; with the last confirmed one, the recovery codes go too (they stand in for a factor). */
export async function deleteFactor(knex: Knex, userId: number, factorId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('user_factors').where({ id: factorId, userId }).delete();
    const left = await trx('user_factors').where({ userId }).whereNotNull('confirmedAt').first('id');
    if (!left) await trx('recovery_codes').where({ userId }).delete();
  });
}

/** Clears the reset's mark once the account has a confirmed factor again. */
export async function clearMustEnrol(knex: Knex, userId: number): Promise<void> {
  await knex('users').where({ id: userId, mustEnrolFactor: true }).update({ mustEnrolFactor: false });
}

/**
 * An administrator's reset: every factor and recovery code of the account goes, it must enrol at its
 * next sign-in, and its sessions end. Returns how many sessions ended.
 */
export async function resetFactors(knex: Knex, userId: number): Promise<{ factorsRemoved: number; sessionsEnded: number }> {
  return knex.transaction(async (trx) => {
    const factorsRemoved = (await trx('user_factors').where({ userId }).delete().returning('id')).length;
    await trx('recovery_codes').where({ userId }).delete();
    await trx('users').where({ id: userId }).update({ mustEnrolFactor: true });
    const sessionsEnded = (await trx('sessions').where({ userId }).delete().returning('sid')).length;
    return { factorsRemoved, sessionsEnded };
  });
}
