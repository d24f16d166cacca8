/**
 * The bench's one closed-loop driver: `connections` loops, each sending its next request as soon as the
 * previous one is answered, either until every item was sent once or until a deadline. It measures what
 * a fixed number of clients get (throughput, latency, statuses); bench/lib/open-loop.ts measures a fixed
 * rate instead, and autocannon (bench/lib/load.ts) a fixed number of connections without per-item bodies.
 */
import http from 'node:http';
import { latencySummary } from './latency.ts';
import { round } from './util.ts';

/** One answer: its status (0 when the connection failed), its time and its body. */
export interface Answer {
  status: number;
  ms: number;
  body: string;
}

export interface ClosedLoopFigures {
  requests: number;
  connections: number;
  wallMs: number;
  perSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
}

/** One request on a keep-alive agent (node:http: cheaper for the client than fetch on the shared cores). */
export function send(agent: http.Agent, base: URL, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: pathname,
        headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: base.origin } : {}), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    request.end(payload);
  });
}

/** Every item sent once, `connections` at a time on one keep-alive agent: throughput, latency and status counts. */
export async function sendEach<T>(items: T[], connections: number, request: (agent: http.Agent, item: T) => Promise<Answer>): Promise<ClosedLoopFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let index = 0;
  try {
    return await closedLoop(Math.min(connections, items.length), () => (index < items.length ? request(agent, items[index++]!) : undefined), connections);
  } finally {
    agent.destroy();
  }
}

/**
 * `connections` loops sending `request()` back to back until `durationS` has passed. `timed` picks the
 * answers whose time enters the latency (all by default); every answer is counted in `statuses`.
 */
export function sendFor(durationS: number, connections: number, request: () => Promise<Pick<Answer, 'status' | 'ms'>>, timed?: (status: number) => boolean): Promise<ClosedLoopFigures> {
  const deadline = performance.now() + durationS * 1000;
  return closedLoop(connections, () => (performance.now() < deadline ? request() : undefined), connections, timed);
}

/** Runs `loops` loops, each awaiting `next()` until it returns nothing; every answer timed and counted. */
async function closedLoop(
  loops: number,
  next: () => Promise<Pick<Answer, 'status' | 'ms'>> | undefined,
  connections: number,
  timed: (status: number) => boolean = () => true,
): Promise<ClosedLoopFigures> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      for (let pending = next(); pending; pending = next()) {
        const answer = await pending;
        if (timed(answer.status)) times.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  const wallMs = performance.now() - started;
  const { p50Ms, p95Ms, p99Ms, maxMs } = latencySummary(times);
  const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return { requests, connections, wallMs: round(wallMs, 0), perSec: round((requests / wallMs) * 1000, 0), p50Ms, p95Ms, p99Ms, maxMs, statuses };
}
