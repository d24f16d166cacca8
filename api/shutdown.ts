/**
 * Graceful shutdown of the HTTP server, in the order load balancers expect:
 *
 * 1. draining (SHUTDOWN_GRACE_SECONDS): `/api/health` answers 503 `{"status":"draining"}` so the proxy
 *    takes this instance out of rotation, while every request is still served, each answer with
 *    `Connection: close` so keep-alive clients reconnect elsewhere;
 * 2. closing: every new request gets a 503 with `Retry-After` and `Connection: close` at once. The
 *    listener stays open until no connection has arrived for a quarter of a second (two seconds at
 *    most): connections that the kernel has already accepted but the process has not yet picked up
 *    would be reset when the listening socket closes, so they are picked up and answered first;
 * 3. the listener closes (later connections are refused by the kernel); in-flight requests finish;
 *    connections idle for a second are ended cleanly; after SHUTDOWN_DRAIN_MS the remaining ones are
 *    cut, and the caller closes the job workers and the database.
 *
 * Why not `server.close()`: since Node 19 it also calls `closeIdleConnections()`, which destroys
 * every connection that has no request *parsed* yet, including ones the kernel accepted and whose
 * request bytes are waiting in the socket buffer. Those clients got ECONNRESET, which is how the
 * graceful-shutdown test lost up to 36 of 40 submissions under load
 * (https://nodejs.org/api/http.html#serverclosecallback). We stop the listener with
 * `net.Server.prototype.close` instead and end each connection ourselves once it is really idle.
 */
import type http from 'node:http';
import net from 'node:net';
import { MESSAGES } from './errors.ts';

/** In-flight requests get this long after the listener closed; then connections are cut. */
export const SHUTDOWN_DRAIN_MS = 10_000;
/** A connection with no request for this long after the listener closed is ended. */
const IDLE_CONNECTION_MS = 1_000;
const SWEEP_INTERVAL_MS = 50;
/** The listener closes once no connection has arrived for this long… */
const LISTENER_QUIET_MS = 250;
/** …or after this long in the closing phase, whichever comes first. */
const LISTENER_CLOSE_MAX_MS = 2_000;
const RETRY_AFTER_SECONDS = '5';

export type ServerPhase = 'running' | 'draining' | 'closing';

interface ConnectionState {
  activeRequests: number;
  idleSince: number;
}

export interface ShutdownController {
  /** Wraps the app's request listener for `http.createServer`. */
  wrap: (appListener: http.RequestListener) => http.RequestListener;
  /** Watches connections of this server; call once, before it listens. */
  attach: (server: http.Server) => void;
  phase: () => ServerPhase;
  /** Runs phases 1 to 3; resolves when no connection is left. */
  shutdown: (graceMs: number) => Promise<void>;
}

export function createShutdownController(): ShutdownController {
  let phase: ServerPhase = 'running';
  let server: http.Server | undefined;
  let lastConnectionAt = 0;
  const connections = new Map<net.Socket, ConnectionState>();

  function refuse(response: http.ServerResponse): void {
    const body = JSON.stringify({ status: 'draining', message: MESSAGES.unavailable });
    response.writeHead(503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'Retry-After': RETRY_AFTER_SECONDS,
      Connection: 'close',
    });
    response.end(body);
  }

  const wrap = (appListener: http.RequestListener): http.RequestListener => (request, response) => {
    const state = connections.get(request.socket);
    if (state) {
      state.activeRequests += 1;
      response.once('close', () => {
        state.activeRequests -= 1;
        state.idleSince = Date.now();
      });
    }
    if (phase === 'closing') return refuse(response);
    // Node honours this header: the connection is closed once this answer is sent.
    if (phase === 'draining') response.setHeader('Connection', 'close');
    appListener(request, response);
  };

  function attach(target: http.Server): void {
    server = target;
    target.on('connection', (socket: net.Socket) => {
      lastConnectionAt = Date.now();
      connections.set(socket, { activeRequests: 0, idleSince: Date.now() });
      socket.once('close', () => connections.delete(socket));
    });
  }

  function endIdleConnections(now: number): void {
    for (const [socket, state] of connections) {
      if (state.activeRequests === 0 && now - state.idleSince >= IDLE_CONNECTION_MS) socket.end();
    }
  }

  async function shutdown(graceMs: number): Promise<void> {
    if (!server) return;
    phase = 'draining';
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    phase = 'closing';
    const closingAt = Date.now();
    await waitUntil(() => Date.now() - lastConnectionAt >= LISTENER_QUIET_MS || Date.now() - closingAt >= LISTENER_CLOSE_MAX_MS);
    const listenerClosedAt = Date.now();
    for (const state of connections.values()) state.idleSince = Math.max(state.idleSince, listenerClosedAt);
    await new Promise<void>((resolve) => {
      net.Server.prototype.close.call(server, () => resolve());
      const sweep = setInterval(() => {
        const now = Date.now();
        if (now - listenerClosedAt >= SHUTDOWN_DRAIN_MS) {
          for (const socket of connections.keys()) socket.destroy();
        } else {
          endIdleConnections(now);
        }
      }, SWEEP_INTERVAL_MS);
      server!.once('close', () => clearInterval(sweep));
    });
  }

  return { wrap, attach, phase: () => phase, shutdown };
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, SWEEP_INTERVAL_MS));
}
