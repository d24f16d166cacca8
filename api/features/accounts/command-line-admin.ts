/**
 * An administrator created from the command line (`npm run admin:create`), with the login screen's rules:
 * valid email, 12 to 128 characters, not guessable (zxcvbn-ts score ≥ 3). The command runs it on the
 * database it opens itself, or, while `npm start` runs on the embedded database, asks the server to run it
 * through its control socket (decision 125), so the account can sign in at once.
 */
import type { Knex } from 'knex';
import { setupAdminSchema } from './contract/index.ts';
import { PasswordHasher } from '../../platform/lib/password-hasher.ts';
import { DEFAULT_COST, type Cost } from '../../platform/lib/passwords.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { HttpError } from '../../platform/errors.ts';
import { createAdministrator } from './auth.ts';

export const ADMIN_CREATE_USAGE = 'Usage : npm run admin:create -- <email> [prénom] [nom]   (mot de passe demandé ensuite, ou lu sur l’entrée standard)';

/** A refusal of the command, in French (one line). */
export class AdminCreateError extends Error {}

/** Validates the arguments and the password like the API does, then creates the administrator. */
export async function createAdminFromCli(db: Knex, args: string[], password: string, cost: Cost = DEFAULT_COST): Promise<{ id: number; email: string }> {
  const [email, firstName, lastName, ...rest] = args;
  if (!email || rest.length > 0) throw new AdminCreateError(ADMIN_CREATE_USAGE);
  const parsed = setupAdminSchema.safeParse({ email, password, firstName, lastName });
  if (!parsed.success) throw new AdminCreateError(parsed.error.issues.map((issue) => issue.message).join(' ; '));
  const hasher = new PasswordHasher({ concurrency: 1, queueLength: 0, cost });
  try {
    const user = await createAdministrator(db, hasher, parsed.data);
    await recordAuditEvent(db, { type: 'admin_setup', userId: user.id, details: { via: 'command-line' } });
    return { id: user.id, email: user.email };
  } catch (error) {
    if (error instanceof HttpError) throw new AdminCreateError(error.message);
    throw error;
  }
}

/**
 * The control socket's `POST /admin-create {args, password}` (api/features/operations/backup-control.ts):
 * 201 with the account, 400 with the French refusal. The password is never logged nor echoed.
 */
export function adminCreateControlHandler(db: Knex, cost: Cost) {
  return async (payload: unknown): Promise<{ status: number; body: { message?: string; id?: number; email?: string } }> => {
    const { args, password } = (payload ?? {}) as { args?: unknown; password?: unknown };
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string') || typeof password !== 'string') {
      return { status: 400, body: { message: ADMIN_CREATE_USAGE } };
    }
    try {
      const admin = await createAdminFromCli(db, args, password, cost);
      return { status: 201, body: admin };
    } catch (error) {
      if (error instanceof AdminCreateError) return { status: 400, body: { message: error.message } };
      throw error;
    }
  };
}
