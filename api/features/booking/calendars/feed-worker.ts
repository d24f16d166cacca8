/**
 * The worker thread that reads calendar feeds off the request thread (./feed-thread.ts,
 * docs/decisions/126-free-starts-kept-computed-and-feeds-read-in-a-worker.md): it imports the parser only,
 * reads each text it is sent with readFeed, and answers the busy intervals as instants, or the
 * FeedError's reason and French message.
 */
import { parentPort } from 'node:worker_threads';
import { FeedError, readFeed, type FeedReadOptions } from './feed.ts';

export interface FeedTask {
  id: number;
  text: string;
  from: number;
  to: number;
  options: FeedReadOptions;
}

export type FeedAnswer = { id: number; ok: true; busy: Array<[number, number]>; events: number } | { id: number; ok: false; reason: FeedError['reason']; message: string };

parentPort?.on('message', (task: FeedTask) => {
  let answer: FeedAnswer;
  try {
    const reading = readFeed(task.text, { from: new Date(task.from), to: new Date(task.to) }, task.options);
    answer = { id: task.id, ok: true, busy: reading.busy.map((interval) => [interval.start.getTime(), interval.end.getTime()]), events: reading.events };
  } catch (error) {
    // readFeed throws FeedError only; anything else is a calendar it could not make sense of.
    answer =
      error instanceof FeedError
        ? { id: task.id, ok: false, reason: error.reason, message: error.message }
        : { id: task.id, ok: false, reason: 'invalid-event', message: 'Le calendrier ne peut pas être lu : un de ses événements est invalide.' };
  }
  parentPort!.postMessage(answer);
});
