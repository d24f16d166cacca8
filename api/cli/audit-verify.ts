/**
 * `npm run audit:verify`: checks the access log's hash chain (docs/decisions/148-access-log-hash-chain.md)
 * and prints « Journal des accès intact : N entrées vérifiées. » (exit 0), or names the first broken row
 * (« Entrée n° 123 modifiée ou supprimée … », exit 1). On PostgreSQL (DATABASE_URL) it reads the database
 * itself; on the embedded database a running `npm start` answers through its control socket (decision 125),
 * else the command opens the data directory.
 */
import { loadConfigOrExit } from '../platform/config.ts';
import { openAccessLogDatabase } from './access-log-database.ts';
import { verifyAccessLog } from '../features/privacy/index.ts';
import { askRunningServer } from '../features/operations/index.ts';

const config = loadConfigOrExit();

function finish(verdict: { intact?: unknown; message?: unknown }): never {
  const message = typeof verdict.message === 'string' ? verdict.message : 'Réponse illisible du serveur.';
  if (verdict.intact === true) process.stdout.write(`${message}\n`);
  else process.stderr.write(`${message}\n`);
  process.exit(verdict.intact === true ? 0 : 1);
}

if (!config.databaseUrl) {
  const reply = await askRunningServer(config.dataDir, '/audit-verify', {});
  if (reply) {
    if (reply.status !== 200) {
      process.stderr.write(`${reply.body.message ?? `Le serveur a refusé la demande (${reply.status}).`}\n`);
      process.exit(2);
    }
    finish(reply.body);
  }
}
const knex = await openAccessLogDatabase(config);
try {
  const verdict = await verifyAccessLog(knex);
  await knex.destroy();
  finish(verdict);
} catch (error) {
  await knex.destroy();
  throw error;
}
