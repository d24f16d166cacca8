/**
 * Lets `npm run db:backup` back up the embedded database while `npm start` runs (decision 023).
 * PGlite is single-process: the CLI cannot open a data directory a running server holds, so the
 * server listens on a Unix socket, `DATA_DIR/server.sock`, created 0600 in an owner-only folder:
 * only the user who runs the server (or root) can connect, no port is opened and no secret is kept.
 * It answers `POST /backup {"file"}` (writes the dump as the scheduled job does), `POST /ping` (the
 * server's pid) and the requests the application adds (`handlers`: e.g. `POST /admin-create`, so an
 * administrator created beside a running server is created by it and can sign in at once).
 * The socket also tells the other commands that touch the embedded database that a server is running:
 * they go through it or refuse, naming its pid (decision 125).
 */
import { chmodSync, existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { writeDump } from './backup-take.ts';
import type { ControlHandler, ControlReply as Reply } from '../../platform/feature.ts';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'server.sock');

/** A request the application answers on the control socket: its JSON payload in, a reply out (each feature's, gathered from the manifests). */
export type { ControlHandler, ControlReply as Reply } from '../../platform/feature.ts';

/** A payload larger than this is refused (the requests carry a path or a few words). */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/** Sends one request to a running server's control socket; undefined when no server listens there. */
export function askRunningServer(dataDir: string, pathname: string, payload: object, timeoutMs = 300_000): Promise<Reply | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: pathname, method: 'POST', headers: { 'content-type': 'application/json' }, timeout: timeoutMs }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 500, body: JSON.parse(text || '{}') }));
    });
    request.on('timeout', () => request.destroy(new Error('le serveur ne répond pas')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file left by a killed server: nobody listens, the data directory is free.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    request.end(JSON.stringify(payload));
  });
}

export interface ControlServer {
  close: () => Promise<void>;
}

/** `npm start` on a data directory whose embedded database another running server holds. */
export class ServerAlreadyRunningError extends Error {
  constructor(dataDir: string) {
    super(`Un autre serveur utilise déjà la base embarquée de ${dataDir} : arrêtez-le d’abord (deux processus l’abîmeraient).`);
  }
}

/** True when a server answers on DATA_DIR's control socket (it holds the embedded database). */
export async function isServerRunning(dataDir: string): Promise<boolean> {
  return (await runningServerPid(dataDir)) !== undefined;
}

/** The pid of the server answering on DATA_DIR's control socket (0 when it did not say); undefined when none runs. */
export async function runningServerPid(dataDir: string): Promise<number | undefined> {
  const reply = await askRunningServer(dataDir, '/ping', {}, 5000);
  if (!reply) return undefined;
  return typeof reply.body.pid === 'number' ? reply.body.pid : 0;
}

/**
 * The French refusal of a command that would open the embedded database a running server holds
 * (two processes on one PGlite data directory corrupt it; decision 125).
 */
export function serverHoldsDatabaseMessage(command: string, pid: number, dataDir: string): string {
  return `Commande refusée : le serveur (npm start, pid ${pid}) utilise la base embarquée de ${dataDir}. ` + `Arrêtez-le, puis relancez « ${command} ». Rien n’a été modifié.`;
}

/**
 * For a command that opens the embedded database itself: when a server holds it, prints the refusal
 * naming the server's pid and exits with code 2; otherwise returns and the command goes on.
 */
export async function refuseWhileServerRuns(dataDir: string, command: string): Promise<void> {
  const pid = await runningServerPid(dataDir);
  if (pid === undefined) return;
  process.stderr.write(`${serverHoldsDatabaseMessage(command, pid, dataDir)}\n`);
  process.exit(2);
}

/** Starts the control socket (embedded database only). */
export async function startControlSocket({
  dataDir,
  knex,
  logger,
  handlers = {},
}: {
  dataDir: string;
  knex: Database;
  logger: Logger;
  handlers?: Record<string, ControlHandler>;
}): Promise<ControlServer> {
  const socketPath = controlSocketPath(dataDir);
  rmSync(socketPath, { force: true }); // left by a killed server (startServer checked nobody answers)
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: Reply['body']) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST') return reply(405, { message: 'Méthode non autorisée.' });
    if (request.url === '/ping') return reply(200, { pid: process.pid });
    const handler = request.url && Object.hasOwn(handlers, request.url) ? handlers[request.url] : undefined;
    if (request.url !== '/backup' && !handler) return reply(404, { message: 'Inconnu.' });
    let text = '';
    let tooLarge = false;
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_PAYLOAD_BYTES) tooLarge = true;
    });
    request.on('end', () => {
      if (tooLarge) return reply(413, { message: 'Demande trop longue.' });
      if (handler) {
        let payload: unknown;
        try {
          payload = JSON.parse(text || '{}');
        } catch {
          return reply(400, { message: 'Demande illisible.' });
        }
        handler(payload).then(
          (answer) => reply(answer.status, answer.body),
          (error: unknown) => {
            // Never the payload in the log: it may hold a password.
            logger.error({ err: error, request: request.url }, 'control request failed');
            reply(500, { message: 'Le serveur n’a pas pu traiter la demande : voir son journal.' });
          },
        );
        return;
      }
      let file: unknown;
      try {
        file = (JSON.parse(text) as { file?: unknown }).file;
      } catch {
        file = undefined;
      }
      if (typeof file !== 'string' || !path.isAbsolute(file)) return reply(400, { message: 'Chemin de fichier absolu attendu.' });
      writeDump({ knex, databaseUrl: undefined }, file).then(
        () => {
          logger.info({ file }, 'backup written on request of npm run db:backup');
          reply(200, { file });
        },
        (error: unknown) => {
          logger.error({ err: error }, 'backup on request failed');
          reply(500, { message: `Échec de la sauvegarde : ${(error as Error).message}` });
        },
      );
    });
  });
  const previous = process.umask(0o177); // the socket is created 0600 from its first moment
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } catch (error) {
    // E.g. a DATA_DIR path longer than a socket address allows (about 100 bytes): serve anyway.
    logger.warn({ err: error }, 'control socket unavailable: npm run db:backup needs the server stopped');
    return { close: async () => undefined };
  } finally {
    process.umask(previous);
  }
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
