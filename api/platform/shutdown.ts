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
 *    cut, and the caller writes what it still holds in memory (the visit counts, decision 111), then
 *    closes the job workers and the database.
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
  bytesRead: number;
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

  const wrap =
    (appListener: http.RequestListener): http.RequestListener =>
    (request, response) => {
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
      connections.set(socket, { activeRequests: 0, idleSince: Date.now(), bytesRead: 0 });
      socket.once('close', () => connections.delete(socket));
    });
  }

  /** Waits until no connection has arrived for LISTENER_QUIET_MS (or LISTENER_CLOSE_MAX_MS passed). */
  async function listenerQuiet(closingAt: number): Promise<void> {
    for (;;) {
      await sleep(SWEEP_INTERVAL_MS);
      if (Date.now() - closingAt >= LISTENER_CLOSE_MAX_MS) return;
      if (Date.now() - lastConnectionAt < LISTENER_QUIET_MS) continue;
      const seen = lastConnectionAt;
      await afterPoll();
      if (lastConnectionAt === seen) return;
    }
  }

  /** Ends connections with no request and no new bytes for IDLE_CONNECTION_MS. */
  async function endIdleConnections(): Promise<void> {
    const now = Date.now();
    const candidates: [net.Socket, number][] = [];
    for (const [socket, state] of connections) {
      if (socket.bytesRead !== state.bytesRead) {
        state.bytesRead = socket.bytesRead;
        state.idleSince = now;
      } else if (state.activeRequests === 0 && now - state.idleSince >= IDLE_CONNECTION_MS) {
        candidates.push([socket, socket.bytesRead]);
      }
    }
    if (candidates.length === 0) return;
    await afterPoll();
    for (const [socket, bytesRead] of candidates) {
      if (connections.get(socket)?.activeRequests === 0 && socket.bytesRead === bytesRead) socket.end();
    }
  }

  async function shutdown(graceMs: number): Promise<void> {
    if (!server) return;
    phase = 'draining';
    if (graceMs > 0) await sleep(graceMs);
    phase = 'closing';
    await listenerQuiet(Date.now());
    // Called in the check phase right after a poll phase found no new connection: nothing is queued.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    const listenerClosedAt = Date.now();
    for (const state of connections.values()) state.idleSince = Math.max(state.idleSince, listenerClosedAt);
    let done = false;
    void closed.then(() => (done = true));
    while (!done) {
      if (Date.now() - listenerClosedAt >= SHUTDOWN_DRAIN_MS) {
        for (const socket of connections.keys()) socket.destroy();
        break;
      }
      await endIdleConnections();
      await Promise.race([closed, sleep(SWEEP_INTERVAL_MS)]);
    }
    await closed;
  }

  return { wrap, attach, phase: () => phase, shutdown };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Timers run before the poll phase that accepts connections and reads sockets, so after a busy
 * stretch a timer sees a stale picture. Resolving in the check phase, right after a poll phase, lets
 * the caller act on an up-to-date one (https://nodejs.org/en/learn/asynchronous-work/event-loop-timers-and-nexttick).
 */
function afterPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
