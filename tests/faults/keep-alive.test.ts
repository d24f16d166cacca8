/**
 * A keep-alive connection left idle is still there when the client reuses it: past Node's default
 * 5 s keep-alive timeout (the cause of a "socket hang up" in a browser test) and past the server's
 * 20 s headers timeout (which must not cut idle connections), `npm start` answers on the same socket.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, removeDataDir, type ProductionServer } from '../e2e/server.ts';

let server: ProductionServer;
beforeAll(async () => {
  server = await startProductionServer();
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Sends one request on the socket and resolves with the status line of its answer (headers and body read). */
function ask(socket: net.Socket, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end >= 0 && length !== undefined && received.length >= end + 4 + Number(length)) {
        cleanup();
        resolve(received.slice(0, received.indexOf('\r\n')));
      }
    };
    const onClose = () => {
      cleanup();
      reject(new Error(`the server closed the connection (received: ${JSON.stringify(received.slice(0, 80))})`));
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onClose);
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.once('error', onClose);
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('keep-alive connections', () => {
  it('answers on a connection left idle for 22 s (past 5 s keep-alive and 20 s headers timeouts)', async () => {
    const { hostname, port, host } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    try {
      expect(await ask(socket, host)).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, 22_000));
      expect(socket.destroyed, 'the idle connection is still open').toBe(false);
      expect(await ask(socket, host)).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  }, 60_000);
});
