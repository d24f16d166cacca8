/**
 * `npm run admin:create -- <email> [prénom] [nom]`: creates an administrator from the command line, for
 * servers where nobody should open the login page first. The password is read from a hidden prompt on a
 * terminal, or from the first line of standard input (`printf '%s\n' "$PASSWORD" | npm run admin:create -- …`),
 * never from the arguments (they show in `ps` and in shell history). Same rules as the login screen:
 * valid email, 12 to 128 characters, not guessable (zxcvbn-ts score ≥ 3). Exit 0 on success, 1 with one
 * French line on refusal. While `npm start` runs on the embedded database, the running server creates the
 * account through its control socket (decision 125): it can sign in at once, and the data directory is
 * never opened by two processes.
 */
import { createInterface } from 'node:readline';
import { loadConfigOrExit } from '../platform/config.ts';
import { bindModels, databaseOptions, migrateLatest, openDatabase } from '../platform/db.ts';
import { refuseIfDataDirectoryInUse } from '../platform/data-dir-lock.ts';
import { argon2Cost } from '../platform/lib/passwords.ts';
import { AdminCreateError, ADMIN_CREATE_USAGE, createAdminFromCli } from '../features/accounts/index.ts';
import { askRunningServer } from '../features/operations/index.ts';

export { AdminCreateError, createAdminFromCli };
export const USAGE = ADMIN_CREATE_USAGE;

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

if (import.meta.main) {
  const config = loadConfigOrExit();
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help') {
    process.stderr.write(`${USAGE}\n`);
    process.exit(args.length === 0 ? 1 : 0);
  }
  const password = await readPassword();
  if (!config.databaseUrl) {
    // The embedded database held by `npm start`: the server creates the account (decision 125), which can
    // then sign in at once; the data directory is never opened a second time.
    const reply = await askRunningServer(config.dataDir, '/admin-create', { args, password });
    if (reply) {
      if (reply.status === 201) {
        process.stdout.write(`Administrateur créé par le serveur en marche : ${String(reply.body.email)} (id ${String(reply.body.id)}). Il peut se connecter sur /login.\n`);
        process.exit(0);
      }
      process.stderr.write(`${reply.body.message ?? `Le serveur a refusé la demande (${reply.status}).`}\n`);
      process.exit(1);
    }
  }
  const knex = await openDatabase(databaseOptions(config)).catch(refuseIfDataDirectoryInUse);
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
