/**
 * The bench's closed-loop driver (decision 140): every item sent once with at most N requests in flight,
 * each answer timed and its status counted; and N loops until a deadline, timing only the answers asked for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, sendEach, sendFor } from '../../bench/lib/closed-loop.ts';

let server: http.Server;
let base: URL;
let inFlight = 0;
let mostInFlight = 0;
const received: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    received.push(request.url!);
    setTimeout(() => {
      inFlight--;
      response.statusCode = request.url === '/taken' ? 409 : 201;
      response.end('{}');
    }, 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the bench's closed-loop driver", () => {
  it('sends every item once, never more than the connections at a time, and counts each status', async () => {
    received.length = 0;
    mostInFlight = 0;
    const items = Array.from({ length: 30 }, (_, index) => (index % 10 === 0 ? '/taken' : `/start/${index}`));
    const figures = await sendEach(items, 4, (agent, item) => send(agent, base, 'POST', item, { item }));
    expect(figures.requests).toBe(30);
    expect(figures.connections).toBe(4);
    expect(figures.statuses).toEqual({ 201: 27, 409: 3 });
    expect([...received].sort()).toEqual([...items].sort());
    expect(mostInFlight).toBeLessThanOrEqual(4);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(figures.p50Ms).toBeGreaterThanOrEqual(4);
    expect(figures.p99Ms).toBeGreaterThanOrEqual(figures.p50Ms);
    expect(figures.maxMs).toBeGreaterThanOrEqual(figures.p99Ms);
  });

  it('runs its loops until the deadline and times only the answers it is asked to', async () => {
    let calls = 0;
    const started = performance.now();
    const figures = await sendFor(
      0.2,
      2,
      async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return calls % 2 === 0 ? { status: 500, ms: 1000 } : { status: 200, ms: 10 };
      },
      (status) => status === 200,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect(figures.requests).toBe(calls);
    expect((figures.statuses['200'] ?? 0) + (figures.statuses['500'] ?? 0)).toBe(calls);
    expect(figures.statuses['500']).toBeGreaterThan(0);
    // The 500s' 1,000 ms are not timed.
    expect(figures.maxMs).toBe(10);
  });
});
