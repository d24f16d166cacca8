import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLoopLoad } from '../../bench/lib/open-loop.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers at once, except that it holds the request whose body is `hold` for `holdMs`. */
async function serverHolding(holdMs: number): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      // 'reset': headers sent, then the connection cut in the middle of the answer.
      if (body === 'reset') return void (response.writeHead(201, { 'content-length': '100' }).write('{'), setImmediate(() => response.socket?.destroy()));
      // Held on the high-resolution clock the benchmark measures with: a timer runs on the event loop's
      // millisecond clock, cached per turn, and may fire a fraction of a millisecond early by hrtime.
      const heldUntil = performance.now() + (body === 'hold' ? holdMs : 0);
      const answerWhenHeld = () => {
        const left = heldUntil - performance.now();
        if (left > 0) setTimeout(answerWhenHeld, Math.ceil(left));
        else response.writeHead(201).end('{}');
      };
      answerWhenHeld();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, bodies };
}

describe("the benchmark's open-loop load", () => {
  it('sends rate × duration requests, each built once and in order, and counts their answers', async () => {
    const { url, bodies } = await serverHolding(0);
    const built: number[] = [];
    const request = (n: number) => (built.push(n), { method: 'POST', path: '/', headers: {}, body: `r${n}` });
    const result = await openLoopLoad({ label: 't', url, connections: 4, durationS: 0.5, ratePerSec: 100, request });
    expect(result).toMatchObject({ ok: 50, non2xx: 0, errors: 0, timeouts: 0, statusCodes: { '201': 50 } });
    const expected = Array.from({ length: 50 }, (_, n) => n);
    expect(built).toEqual(expected);
    // Over 4 connections requests due at the same moment may reach the server in another order.
    expect(bodies.map((body) => Number(body.slice(1))).sort((a, b) => a - b)).toEqual(expected);
  });

  it('counts a stall for every request due during it, not only for the one on the wire', async () => {
    // One connection, 100 requests due 10 ms apart; the server holds the 20th for 300 ms. The
    // requests due during the hold queue behind it: about 20 of them wait 100 ms or more from their
    // due time. A closed loop would have recorded one slow answer and its p90 would stay near 0.
    const { url } = await serverHolding(300);
    const result = await openLoopLoad({
      label: 't',
      url,
      connections: 1,
      durationS: 1,
      ratePerSec: 100,
      request: (n) => ({ method: 'POST', path: '/', headers: {}, body: n === 20 ? 'hold' : `r${n}` }),
    });
    expect(result.ok).toBe(100);
    expect(result.maxMs).toBeGreaterThanOrEqual(300);
    expect(result.p90Ms).toBeGreaterThanOrEqual(100);
  });

  it('counts a connection cut in the middle of an answer as an error and still ends', async () => {
    const { url } = await serverHolding(0);
    const result = await openLoopLoad({
      label: 't',
      url,
      connections: 2,
      durationS: 0.2,
      ratePerSec: 50,
      request: (n) => ({ method: 'POST', path: '/', headers: {}, body: n === 3 ? 'reset' : `r${n}` }),
    });
    expect(result).toMatchObject({ ok: 9, non2xx: 0, errors: 1, timeouts: 0 });
  });
});
