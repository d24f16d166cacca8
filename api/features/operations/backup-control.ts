/**
 * Lets `npm run db:backup` back up the embedded database while `npm start` runs (decision 023).
 * PGlite is single-process: the CLI cannot open a data directory a running server holds, so the
 * server listens on a Unix socket, `DATA_DIR/server.sock`, created 0600 in an owner-only folder:
 * only the user who runs the server (or root) can connect, no port is opened and no secret is kept.
 * The one request it answers, `POST /backup {"file"}`, writes the dump as the scheduled job does.
 * The socket also tells `db:restore` that a server is running (a restore then is refused).
 */
import { chmodSync, existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { writeDump } from './backup-take.ts';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'server.sock');

interface Reply {
  status: number;
  body: { file?: string; message?: string };
}

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
  return (await askRunningServer(dataDir, '/ping', {}, 5000)) !== undefined;
}

/** Starts the control socket (embedded database only). */
export async function startControlSocket({ dataDir, knex, logger }: { dataDir: string; knex: Database; logger: Logger }): Promise<ControlServer> {
  const socketPath = controlSocketPath(dataDir);
  rmSync(socketPath, { force: true }); // left by a killed server (startServer checked nobody answers)
  const server = http.createServer((request, response) => {
    const reply = (status: number, body: Reply['body']) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST') return reply(405, { message: 'Méthode non autorisée.' });
    if (request.url === '/ping') return reply(200, {});
    if (request.url !== '/backup') return reply(404, { message: 'Inconnu.' });
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
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
