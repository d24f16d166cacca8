/**
 * Decision 079: e-mail workers step aside while the process is busy answering requests and for
 * QUIET_MS after, but never for longer than MAX_DEFER_MS of continuous load.
 */
import http from 'node:http';
import { EventEmitter, once } from 'node:events';
import { describe, expect, test } from 'vitest';
import { createQuietGate, createRequestLoad } from '../../api/platform/lib/request-load.ts';

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
  test('lets a job run at once when the process has been quiet long enough', async () => {
    const clock = fakeClock();
    const gate = createQuietGate({ quietFor: () => 500, quietMs: 500, ...clock });
    await gate();
    expect(clock.waits).toEqual([]);
  });

  test('holds a job while the process is busy or was busy moments ago, and lets it run once quiet long enough', async () => {
    const clock = fakeClock();
    const quiet = [0, 0, 100, 499, 500];
    const gate = createQuietGate({ quietFor: () => quiet.shift() ?? 0, quietMs: 500, pollMs: 50, ...clock });
    await gate();
    expect(clock.waits).toEqual([50, 50, 50, 50]);
    expect(quiet).toEqual([]);
  });

  test('runs the jobs anyway once the load has lasted the longest deferral, and defers again after a quiet moment', async () => {
    const clock = fakeClock();
    let quietFor = 0;
    const gate = createQuietGate({ quietFor: () => quietFor, quietMs: 500, pollMs: 100, maxDeferMs: 1000, ...clock });
    await gate();
    expect(clock.now()).toBe(1000);
    // Still overloaded: the next jobs no longer wait.
    await gate();
    await gate();
    expect(clock.now()).toBe(1000);
    // The load stopped long enough, then a new burst: jobs step aside again.
    quietFor = 500;
    await gate();
    quietFor = 0;
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

  test('counts the process quiet only from the moment it last had the busy number of requests in flight', async () => {
    let time = 1000;
    const load = createRequestLoad({ busyAt: 2, now: () => time });
    const closers: (() => void)[] = [];
    const listener = load.track((_request, response) => closers.push(() => response.emit('close')));
    const answer = () => listener({} as http.IncomingMessage, new EventEmitter() as unknown as http.ServerResponse);
    expect(load.quietFor()).toBe(Number.POSITIVE_INFINITY);

    answer();
    time = 1100;
    expect(load.quietFor()).toBeGreaterThan(1000);
    answer();
    expect(load.quietFor()).toBe(0);
    time = 1300;
    closers.shift()!();
    // One request left: below the threshold since 1300, when the second-to-last one was answered.
    time = 1450;
    expect(load.quietFor()).toBe(150);
    closers.shift()!();
    expect(load.inFlight()).toBe(0);
    expect(load.quietFor()).toBe(150);
  });
});
