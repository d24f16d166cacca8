/**
 * Natural batching (also called smart batching or group commit): work is sent at once while fewer than
 * `maxInFlight` batches are running; when they all are, arriving items wait, and the next free slot
 * takes everything that waited (up to `maxSize`) as one batch. No timer: a lone item never waits, and
 * under a burst the batches grow by themselves with the queue, so each statement's fixed cost
 * (round trip, plan, commit, statement-level triggers) is shared. Decision 082.
 *
 * Items that `conflicts` says must not share a batch (the same email twice, for instance) stay queued,
 * in order, for a later batch. `run` answers one result per item, in order, or throws; when a batch of
 * several fails, each of its items is run again alone, so one item's error never fails its neighbours.
 */
export interface NaturalBatchesOptions<Item, Result> {
  maxInFlight: number;
  maxSize: number;
  run: (items: Item[]) => Promise<Result[]>;
  /** A value that two items of one batch may not share (null: no restriction). */
  exclusiveKeys?: (item: Item) => Array<string | null | undefined>;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export class NaturalBatches<Item, Result> {
  private readonly waiting: Array<Waiting<Item, Result>> = [];
  private inFlight = 0;
  private running = 0;
  private readonly options: NaturalBatchesOptions<Item, Result>;

  constructor(options: NaturalBatchesOptions<Item, Result>) {
    this.options = options;
  }

  /** Items waiting or running. */
  get size(): number {
    return this.waiting.length + this.running;
  }

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.takeBatch();
      this.inFlight += 1;
      this.running += batch.length;
      void this.runBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.running -= batch.length;
        this.dispatch();
      });
    }
  }

  /** The oldest waiting items that fit together, in arrival order; the others keep their place. */
  private takeBatch(): Array<Waiting<Item, Result>> {
    const taken: Array<Waiting<Item, Result>> = [];
    const used = new Set<string>();
    const kept: Array<Waiting<Item, Result>> = [];
    for (const waiting of this.waiting) {
      const keys = (this.options.exclusiveKeys?.(waiting.item) ?? []).filter((key): key is string => key != null);
      if (taken.length >= this.options.maxSize || keys.some((key) => used.has(key))) {
        kept.push(waiting);
        continue;
      }
      for (const key of keys) used.add(key);
      taken.push(waiting);
    }
    this.waiting.splice(0, this.waiting.length, ...kept);
    return taken;
  }

  private async runBatch(batch: Array<Waiting<Item, Result>>): Promise<void> {
    try {
      const results = await this.options.run(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${results.length} results`);
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of a failed statement is kept: each item runs again on its own and gets its own outcome.
      await Promise.all(batch.map((waiting) => this.runBatch([waiting])));
    }
  }
}
