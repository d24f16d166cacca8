/**
 * `npm run admin:create -- <email> [prénom] [nom]`: creates an administrator from the command line, for
 * servers where nobody should open the login page first. The password is read from a hidden prompt on a
 * terminal, or from the first line of standard input (`printf '%s\n' "$PASSWORD" | npm run admin:create -- …`),
 * never from the arguments (they show in `ps` and in shell history). Same rules as the login screen:
 * valid email, 12 to 128 characters, not guessable (zxcvbn-ts score ≥ 3). Exit 0 on success, 1 with one
 * French line on refusal.
 */
import { createInterface } from 'node:readline';
import type { Knex } from 'knex';
import { loadConfigOrExit } from '../platform/config.ts';
import { bindModels, databaseOptions, migrateLatest, openDatabase } from '../platform/db.ts';
import { setupAdminSchema } from '../schemas/index.ts';
import { PasswordHasher } from '../platform/lib/password-hasher.ts';
import { argon2Cost, DEFAULT_COST, type Cost } from '../platform/lib/passwords.ts';
import { createAdministrator } from '../features/accounts/index.ts';
import { recordAuditEvent } from '../platform/audit.ts';
import { HttpError } from '../platform/errors.ts';

export const USAGE = 'Usage : npm run admin:create -- <email> [prénom] [nom]   (mot de passe demandé ensuite, ou lu sur l’entrée standard)';

export class AdminCreateError extends Error {}

/** Reads one line from a non-terminal stdin, or asks for it without echo on a terminal. */
export async function readPassword(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  if (!input.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  output.write('Mot de passe (12 caractères minimum, non affiché) : ');
  const reader = createInterface({ input, output, terminal: true });
  // Echo nothing of what is typed.
  (reader as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
  const password = await new Promise<string>((resolve) => reader.question('', resolve));
  reader.close();
  output.write('\n');
  return password;
}

/** Validates the arguments and the password like the API does, then creates the administrator. */
export async function createAdminFromCli(db: Knex, args: string[], password: string, cost: Cost = DEFAULT_COST): Promise<{ id: number; email: string }> {
  const [email, firstName, lastName, ...rest] = args;
  if (!email || rest.length > 0) throw new AdminCreateError(USAGE);
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

if (import.meta.main) {
  const config = loadConfigOrExit();
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help') {
    process.stderr.write(`${USAGE}\n`);
    process.exit(args.length === 0 ? 1 : 0);
  }
  const password = await readPassword();
  const knex = await openDatabase(databaseOptions(config));
  let exitCode = 0;
  try {
    bindModels(knex);
    await migrateLatest(knex);
    const admin = await createAdminFromCli(knex, args, password, argon2Cost(config.passwordHashCost));
    process.stdout.write(`Administrateur créé : ${admin.email} (id ${admin.id}). Il peut se connecter sur /login.\n`);
  } catch (error) {
    if (!(error instanceof AdminCreateError)) throw error;
    process.stderr.write(`${error.message}\n`);
    exitCode = 1;
  } finally {
    await knex.destroy();
  }
  process.exit(exitCode);
}
