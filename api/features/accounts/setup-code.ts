/**
 * The one-time setup code, as Jenkins does with its initial admin password: in production,
 * while no account exists, creating the first administrator requires a code that only whoever reads
 * the server's log knows. 144 random bits, base64url; compared in constant time. Each process draws its
 * own code at start and logs it (behind several processes, use the one logged by the process answering,
 * or `npm run admin:create`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import { forbidden } from '../../platform/errors.ts';
import { hasAnyUser } from './auth.ts';

export const SETUP_CODE_LOG_PREFIX = "Code d'installation :";
export const SETUP_CODE_MISSING_MESSAGE = "Le code d'installation est requis. Il figure dans le journal du serveur, sur la ligne qui commence par « Code d'installation : ».";
export const SETUP_CODE_WRONG_MESSAGE = "Code d'installation incorrect. Copiez-le depuis le journal du serveur (ligne « Code d'installation : … »), sans espace autour.";

export interface SetupCode {
  /** `undefined` outside production: no code is asked (the spec's flow). */
  readonly value: string | undefined;
}

export function createSetupCode(config: Config): SetupCode {
  return { value: config.isProduction ? randomBytes(18).toString('base64url') : undefined };
}

/** Writes the code to the log at start, when it can still be used. */
export async function announceSetupCode(db: Knex, logger: Logger, setupCode: SetupCode): Promise<void> {
  if (setupCode.value === undefined || (await hasAnyUser(db))) return;
  logger.warn(`${SETUP_CODE_LOG_PREFIX} ${setupCode.value}`);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Throws 403 with a French message unless `candidate` is the code (or none is required). */
export function assertSetupCode(setupCode: SetupCode, candidate: string | undefined): void {
  if (setupCode.value === undefined) return;
  if (!candidate) throw forbidden(SETUP_CODE_MISSING_MESSAGE);
  // Equal-length digests: the comparison time says nothing about the code, not even its length.
  if (!timingSafeEqual(digest(candidate), digest(setupCode.value))) throw forbidden(SETUP_CODE_WRONG_MESSAGE);
}
