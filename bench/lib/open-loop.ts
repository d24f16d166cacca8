/**
 * An open-loop load: one request due every 1/rate seconds whatever the server answers, over at most
 * `connections` keep-alive connections, each latency counted from the moment its request was due.
 *
 * Why not autocannon's `overallRate`: autocannon 9 lets each connection send its per-second quota back
 * to back at the start of every second and then wait (lib/httpClient.js, `reqsMadeThisSecond`), so the
 * load is a burst at full concurrency once a second; and its coordinated-omission correction passes an
 * expected interval of ceil(1 / rate) = 1 ms instead of 1000 / rate ms, which adds a synthetic sample for
 * every millisecond of each answer. loadtest's `requestsPerSecond` schedules correctly but brings native
 * and unmaintained dependencies (websocket, agentkeepalive 2). Node's own http.Agent does the pooling.
 *
 * Counting from the due time is what makes a stall visible: when the server stops for 300 ms, every
 * request due during those 300 ms waits, and each one's wait is in the figures (Gil Tene, "How NOT to
 * measure latency": https://www.youtube.com/watch?v=lJ8ydIuPFeU), not only the one request that was
 * on the wire, as in a closed loop.
 */
import http from 'node:http';
import type { LoadResult } from './load.ts';
import { round } from './util.ts';
import { latencySummary } from './latency.ts';

export interface OpenLoopRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopOptions {
  label: string;
  url: string;
  connections: number;
  durationS: number;
  ratePerSec: number;
  /** Called once per request, in order: the n-th request (from 0). */
  request: (n: number) => OpenLoopRequest;
  /** Per-request limit, as autocannon's `timeout` (seconds). */
  timeoutS?: number;
}

export async function openLoopLoad(options: OpenLoopOptions): Promise<LoadResult> {
  const total = Math.round(options.ratePerSec * options.durationS);
  const intervalMs = 1000 / options.ratePerSec;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;

  // Each request settles once, on the request's 'close', which follows its response's end, an error
  // before the answer, a reset in the middle of the answer or the timeout alike.
  const send = (n: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const { method, path, headers, body } = options.request(n);
      let outcome: 'ok' | 'non2xx' | 'timeout' | 'error' = 'error';
      const request = http.request(
        { host: target.hostname, port: target.port, method, path, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            const code = String(response.statusCode);
            statusCodes[code] = (statusCodes[code] ?? 0) + 1;
            outcome = response.statusCode! >= 200 && response.statusCode! < 300 ? 'ok' : 'non2xx';
            if (outcome === 'ok') latencies.push(performance.now() - dueAt);
          });
          response.on('error', () => {});
        },
      );
      // Counted from the moment the request was handed to the agent, not from the due time: the
      // timeout is about the server never answering, not about how long the request queued here.
      request.setTimeout((options.timeoutS ?? 10) * 1000, () => {
        outcome = 'timeout';
        request.destroy();
      });
      request.on('error', () => {});
      request.on('close', () => {
        if (outcome === 'ok') ok++;
        else if (outcome === 'non2xx') non2xx++;
        else if (outcome === 'timeout') timeouts++;
        else errors++;
        resolve();
      });
      request.end(body);
    });

  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  while (sent < total) {
    // Everything due by now goes out at once: timers fire about every millisecond at best, and under
    // load later than that, so several requests can be due at each wake-up.
    const due = Math.min(total, Math.floor((performance.now() - started) / intervalMs) + 1);
    for (; sent < due; sent++) inFlight.push(send(sent, started + sent * intervalMs));
    if (sent < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + sent * intervalMs - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const elapsedS = (performance.now() - started) / 1000;
  const latency = latencySummary(latencies);
  return {
    label: options.label,
    connections: options.connections,
    durationS: options.durationS,
    requestsPerSec: round(ok / Math.max(elapsedS, options.durationS), 0),
    p50Ms: latency.p50Ms,
    p90Ms: latency.p90Ms,
    p99Ms: latency.p99Ms,
    maxMs: latency.maxMs,
    ok,
    non2xx,
    errors,
    timeouts,
    statusCodes,
  };
}
