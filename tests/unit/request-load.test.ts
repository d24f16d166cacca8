/**
 * Decision 079: e-mail workers step aside while the process is busy answering requests, but never
 * for longer than MAX_DEFER_MS of continuous load.
 */
import http from 'node:http';
import { once } from 'node:events';
import { describe, expect, test } from 'vitest';
import { createQuietGate, createRequestLoad } from '../../api/lib/request-load.ts';

/** A clock that only moves when the gate waits. */
function fakeClock() {
  let time = 0;
  const waits: number[] = [];
  return {
    now: () => time,
    wait: async (ms: number) => {
      waits.push(ms);
      time += ms;
    },
    waits,
  };
}

describe('createQuietGate', () => {
  test('lets a job run at once while few requests are in flight', async () => {
    const clock = fakeClock();
    const gate = createQuietGate({ inFlight: () => 7, busyAt: 8, ...clock });
    await gate();
    expect(clock.waits).toEqual([]);
  });

  test('holds a job while the process is busy and lets it run when the requests are answered', async () => {
    const clock = fakeClock();
    const load = [12, 9, 8, 3];
    const gate = createQuietGate({ inFlight: () => load.shift() ?? 0, busyAt: 8, pollMs: 50, ...clock });
    await gate();
    expect(clock.waits).toEqual([50, 50, 50]);
    expect(load).toEqual([]);
  });

  test('runs the jobs anyway once the load has lasted the longest deferral, and defers again after a quiet moment', async () => {
    const clock = fakeClock();
    let inFlight = 50;
    const gate = createQuietGate({ inFlight: () => inFlight, busyAt: 8, pollMs: 100, maxDeferMs: 1000, ...clock });
    await gate();
    expect(clock.now()).toBe(1000);
    // Still overloaded: the next jobs no longer wait.
    await gate();
    await gate();
    expect(clock.now()).toBe(1000);
    // The load dropped, then a new burst: jobs step aside again.
    inFlight = 0;
    await gate();
    inFlight = 50;
    await gate();
    expect(clock.now()).toBe(2000);
  });
});

describe('createRequestLoad', () => {
  test('counts the requests being answered, including one whose client went away', async () => {
    const load = createRequestLoad();
    const held: http.ServerResponse[] = [];
    const server = http.createServer(load.track((_request, response) => held.push(response)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const controllers = [new AbortController(), new AbortController()];
    const requests = controllers.map((controller) => fetch(`http://127.0.0.1:${port}/`, { signal: controller.signal }).catch(() => undefined));
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load.inFlight()).toBe(2);

    held[0]!.end('ok');
    controllers[1]!.abort();
    await Promise.all(requests);
    while (load.inFlight() > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load.inFlight()).toBe(0);
    server.closeAllConnections();
    server.close();
  });
});
