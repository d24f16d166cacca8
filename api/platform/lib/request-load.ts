/**
 * Background work steps aside while this process is busy answering visitors (decision 079).
 *
 * E-mails are rendered and sent by workers in the `npm start` process, on the same cores as the
 * requests. During a burst of sign-ups every millisecond spent rendering an e-mail is one a visitor
 * waits for; an e-mail sent a few seconds later loses nothing. So a job waits, between jobs, while
 * many requests are in flight and for `quietMs` after, but never longer than `maxDeferMs` of
 * continuous load: under a sustained overload the e-mails must still go out, and the CPU is shared
 * again.
 */
import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** Requests in flight from which the process counts as busy (a visitor's page asks for a few files at once). */
export const BUSY_REQUESTS = 8;
/**
 * How long the process must have stayed below `BUSY_REQUESTS` before a job starts. Under a stream of
 * requests the count dips below the threshold for a moment many times a second; a job that started at
 * each dip took the CPU from the requests right behind it (decision 079's amendment: p99 at 50 connections).
 */
export const QUIET_MS = 500;
/** How often a deferred job looks again. */
export const BUSY_POLL_MS = 50;
/** Continuous load after which background work runs anyway. */
export const MAX_DEFER_MS = 30_000;

export interface RequestLoad {
  /** Wraps a request listener for `http.createServer`, counting the requests it is answering. */
  track: (listener: http.RequestListener) => http.RequestListener;
  inFlight: () => number;
  /** Milliseconds since the process last had `busyAt` requests or more in flight; 0 while it has. */
  quietFor: () => number;
}

export function createRequestLoad({ busyAt = BUSY_REQUESTS, now = Date.now }: { busyAt?: number; now?: () => number } = {}): RequestLoad {
  let inFlight = 0;
  let lastBusyAt = Number.NEGATIVE_INFINITY;
  const noteLoad = () => {
    if (inFlight >= busyAt) lastBusyAt = now();
  };
  return {
    track: (listener) => (request, response) => {
      inFlight += 1;
      noteLoad();
      response.once('close', () => {
        noteLoad();
        inFlight -= 1;
      });
      listener(request, response);
    },
    inFlight: () => inFlight,
    quietFor: () => (inFlight >= busyAt ? 0 : now() - lastBusyAt),
  };
}

export interface GateOptions {
  /** `RequestLoad.quietFor`. */
  quietFor: () => number;
  quietMs?: number;
  pollMs?: number;
  maxDeferMs?: number;
  now?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/** Returns a function that resolves once the process has been quiet for `quietMs`, or the load has lasted `maxDeferMs`. */
export function createQuietGate({ quietFor, quietMs = QUIET_MS, pollMs = BUSY_POLL_MS, maxDeferMs = MAX_DEFER_MS, now = Date.now, wait = sleep }: GateOptions) {
  let busySince: number | undefined;
  return async function whenQuiet(): Promise<void> {
    for (;;) {
      if (quietFor() >= quietMs) {
        busySince = undefined;
        return;
      }
      busySince ??= now();
      if (now() - busySince >= maxDeferMs) return;
      await wait(pollMs);
    }
  };
}
