/**
 * Decision 082: contact requests share statements under load (natural batching): a lone item runs at
 * once, items arriving while every slot is busy go together in the next batch, two items with the same
 * exclusive key never share one, and a failed batch gives each item its own outcome.
 */
import { describe, expect, test } from 'vitest';
import { NaturalBatches } from '../../api/platform/lib/natural-batches.ts';

/** A `run` whose batches the test finishes by hand, recording what each batch held. */
function controlledRun<Item>() {
  const batches: Item[][] = [];
  const pending: Array<{ items: Item[]; finish: () => void; fail: (error: Error) => void }> = [];
  const run = (items: Item[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      pending.push({ items, finish: () => resolve(items.map((item) => `done ${String(item)}`)), fail: reject });
    });
  return { run, batches, pending };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('NaturalBatches', () => {
  test('runs a lone item at once, alone, and answers it', async () => {
    const { run, batches, pending } = controlledRun<number>();
    const queue = new NaturalBatches({ maxInFlight: 2, maxSize: 10, run });
    const answer = queue.submit(1);
    expect(batches).toEqual([[1]]);
    pending[0]!.finish();
    await expect(answer).resolves.toBe('done 1');
  });

  test('groups the items that arrive while every slot is busy, in arrival order, up to the largest size', async () => {
    const { run, batches, pending } = controlledRun<number>();
    const queue = new NaturalBatches({ maxInFlight: 2, maxSize: 3, run });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((n) => queue.submit(n));
    // Two slots: 1 and 2 went at once; 3 to 7 wait.
    expect(batches).toEqual([[1], [2]]);
    pending[0]!.finish();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    pending[1]!.finish();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    pending[2]!.finish();
    pending[3]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `done ${n}`));
  });

  test('keeps two items with the same exclusive key in separate batches, the later one keeping its turn', async () => {
    const { run, batches, pending } = controlledRun<string>();
    const queue = new NaturalBatches({ maxInFlight: 1, maxSize: 10, run, exclusiveKeys: (item: string) => [item.split('#')[0], null] });
    const answers = ['busy', 'a#1', 'b#1', 'a#2', 'c#1', 'a#3'].map((item) => queue.submit(item));
    pending[0]!.finish();
    await tick();
    expect(batches.at(-1)).toEqual(['a#1', 'b#1', 'c#1']);
    pending[1]!.finish();
    await tick();
    expect(batches.at(-1)).toEqual(['a#2']);
    pending[2]!.finish();
    await tick();
    expect(batches.at(-1)).toEqual(['a#3']);
    pending[3]!.finish();
    await expect(Promise.all(answers)).resolves.toHaveLength(6);
  });

  test('when a batch fails, runs each of its items alone: only the faulty one gets the error', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = new NaturalBatches<number, number>({
      maxInFlight: 1,
      maxSize: 10,
      run: async (items) => {
        batches.push(items);
        if (items[0] === 0) await held;
        if (items.includes(3)) throw new Error('refused 3');
        return items.map((item) => item * 10);
      },
    });
    const first = queue.submit(0);
    const answers = [1, 2, 3, 4].map((n) => queue.submit(n).catch((error: Error) => error.message));
    release();
    await first;
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 'refused 3', 40]);
    expect(batches).toEqual([[0], [1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  test('a lone item that fails is rejected with its error, and the next items still run', async () => {
    const queue = new NaturalBatches<number, number>({
      maxInFlight: 1,
      maxSize: 10,
      run: async (items) => {
        if (items.includes(1)) throw new Error('connection refused');
        return items;
      },
    });
    await expect(queue.submit(1)).rejects.toThrow('connection refused');
    await expect(queue.submit(2)).resolves.toBe(2);
  });
});
