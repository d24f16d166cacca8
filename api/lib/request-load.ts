/**
 * Background work steps aside while this process is busy answering visitors (decision 079).
 *
 * E-mails are rendered and sent by workers in the `npm start` process, on the same cores as the
 * requests. During a burst of sign-ups every millisecond spent rendering an e-mail is one a visitor
 * waits for; an e-mail sent a few seconds later loses nothing. So a job waits, between jobs, while
 * many requests are in flight, but never longer than `maxDeferMs` of continuous load: under a
 * sustained overload the e-mails must still go out, and the CPU is shared again.
 */
import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** Requests in flight from which the process counts as busy (a visitor's page asks for a few files at once). */
export const BUSY_REQUESTS = 8;
/** How often a deferred job looks again. */
export const BUSY_POLL_MS = 50;
/** Continuous load after which background work runs anyway. */
export const MAX_DEFER_MS = 30_000;

export interface RequestLoad {
  /** Wraps a request listener for `http.createServer`, counting the requests it is answering. */
  track: (listener: http.RequestListener) => http.RequestListener;
  inFlight: () => number;
}

export function createRequestLoad(): RequestLoad {
  let inFlight = 0;
  return {
    track: (listener) => (request, response) => {
      inFlight += 1;
      response.once('close', () => {
        inFlight -= 1;
      });
      listener(request, response);
    },
    inFlight: () => inFlight,
  };
}

export interface GateOptions {
  inFlight: () => number;
  busyAt?: number;
  pollMs?: number;
  maxDeferMs?: number;
  now?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/** Returns a function that resolves once the process is not busy, or the load has lasted `maxDeferMs`. */
export function createQuietGate({ inFlight, busyAt = BUSY_REQUESTS, pollMs = BUSY_POLL_MS, maxDeferMs = MAX_DEFER_MS, now = Date.now, wait = sleep }: GateOptions) {
  let busySince: number | undefined;
  return async function whenQuiet(): Promise<void> {
    for (;;) {
      if (inFlight() < busyAt) {
        busySince = undefined;
        return;
      }
      busySince ??= now();
      if (now() - busySince >= maxDeferMs) return;
      await wait(pollMs);
    }
  };
}
