/**
 * Reading a calendar feed off the request thread (docs/decisions/126-free-starts-kept-computed-and-feeds-read-in-a-worker.md):
 * parsing and expanding a large feed with ical.js takes from tenths of a second to seconds of CPU, which
 * on the request thread held every request of every visitor meanwhile. readFeedInWorker hands the text to
 * one worker thread (./feed-worker.ts, which imports the parser only) and answers what readFeed would:
 * the same busy intervals, the same FeedError reasons and French messages, the same occurrence limits.
 * - One worker, started at the first reading and stopped after a minute without any; readings queue
 *   there one after another (the feeds are read in turn anyway, feed-refresh.ts), so a refresh never
 *   takes more than one core from the requests.
 * - Its heap is bounded: a feed that would exhaust it fails as unreadable instead of taking the server down.
 *   A worker that dies fails the readings it held and the next reading starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { FEED_LIMITS, FeedError, type FeedReadOptions, type FeedReading, type FeedWindow } from './feed.ts';
import type { FeedAnswer, FeedTask } from './feed-worker.ts';

const WORKER_URL = new URL('./feed-worker.ts', import.meta.url);
const IDLE_STOP_MS = 60_000;
/** MiB: a 5 MiB feed of several years of series reads in far less. */
const HEAP_LIMIT_MB = 256;
const CRASHED = 'Le calendrier ne peut pas être lu : sa lecture a demandé trop de mémoire.';

interface Pending {
  resolve: (reading: FeedReading) => void;
  reject: (error: unknown) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let idleTimer: NodeJS.Timeout | undefined;

function failAll(error: unknown): void {
  for (const task of pending.values()) task.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
  started.on('message', (answer: FeedAnswer) => {
    const task = pending.get(answer.id);
    if (!task) return;
    pending.delete(answer.id);
    if (answer.ok) task.resolve({ busy: answer.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })), events: answer.events });
    else task.reject(new FeedError(answer.reason, answer.message));
    if (pending.size === 0) idle(started);
  });
  const gone = (cause: unknown) => {
    if (worker !== started) return;
    worker = undefined;
    failAll(new FeedError('unreadable', CRASHED, { cause }));
  };
  started.on('error', gone);
  started.on('exit', (code) => gone(new Error(`feed worker exited with code ${code}`)));
  return started;
}

/** Nothing to read: the worker keeps no process alive, and stops after a minute. */
function idle(current: Worker): void {
  current.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker === current && pending.size === 0) {
      worker = undefined;
      void current.terminate();
    }
  }, IDLE_STOP_MS);
  idleTimer.unref();
}

/** readFeed's answer, computed on the feed worker thread. Throws {@link FeedError}. */
export function readFeedInWorker(text: string, window: FeedWindow, options: FeedReadOptions = {}): Promise<FeedReading> {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  // A reading under way keeps the process alive (a command waiting for it has nothing else running).
  worker.ref();
  const id = nextId++;
  const task: FeedTask = {
    id,
    text,
    from: window.from.getTime(),
    to: window.to.getTime(),
    options: { maxOccurrencesPerEvent: options.maxOccurrencesPerEvent ?? FEED_LIMITS.maxOccurrencesPerEvent, maxOccurrences: options.maxOccurrences ?? FEED_LIMITS.maxOccurrences },
  };
  return new Promise<FeedReading>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker!.postMessage(task);
  });
}

/** Stops the worker now (tests, shutdown); a later reading starts another. */
export async function stopFeedWorker(): Promise<void> {
  clearTimeout(idleTimer);
  const current = worker;
  worker = undefined;
  failAll(new FeedError('unreadable', 'Le calendrier ne peut pas être lu : le serveur s’arrête.'));
  if (current) await current.terminate();
}
