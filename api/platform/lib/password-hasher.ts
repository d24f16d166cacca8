/**
 * Bounded password hashing. Argon2id costs 64 MiB and ~0.1 s of a core per computation; without a
 * bound, a burst of unauthenticated logins would take every core and the public pages with them.
 * At most `concurrency` computations run at once; up to `queueLength` more wait their turn; beyond
 * that the caller gets 503 with Retry-After at once (nothing waits unboundedly).
 */
import { HttpError, MESSAGES } from '../errors.ts';
import { DEFAULT_COST, dummyPasswordHash, hashPassword, verifyPassword, type Cost } from './passwords.ts';

export const HASHING_BUSY_RETRY_AFTER_SECONDS = 2;

export const hashingBusy = () => new HttpError(503, MESSAGES.busy, { headers: { 'Retry-After': String(HASHING_BUSY_RETRY_AFTER_SECONDS) } });

/**
 * First in a password route's chain: when hashing is saturated, answer 503 before parsing, looking up
 * the account or touching a counter, so a login flood costs the server as little as possible.
 */
export async function refuseWhenHashingSaturated(ctx: { passwordHasher: PasswordHasher }, next: () => Promise<unknown>): Promise<void> {
  if (ctx.passwordHasher.saturated) throw hashingBusy();
  await next();
}

export class PasswordHasher {
  private readonly concurrency: number;
  private readonly queueLength: number;
  /** The Argon2id cost of new hashes (and of the dummy hash), from configuration. */
  readonly cost: Cost;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** How many Argon2 computations have started (tests and the bench read it). */
  started = 0;
  /** The most that ever ran at once. */
  peak = 0;

  constructor(options: { concurrency: number; queueLength: number; cost?: Cost }) {
    this.concurrency = options.concurrency;
    this.queueLength = options.queueLength;
    this.cost = options.cost ?? DEFAULT_COST;
  }

  /** Whether a computation asked for now would be refused (every slot busy, the queue full). */
  get saturated(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queueLength;
  }

  hash(password: string): Promise<string> {
    return this.bounded(() => hashPassword(password, this.cost));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.bounded(() => verifyPassword(password, stored));
  }

  /** Verifies against a throw-away hash: an unknown account costs the same time as a known one. */
  async verifyDummy(password: string): Promise<false> {
    const stored = await dummyPasswordHash(this.cost);
    await this.verify(password, stored);
    return false;
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    this.started += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queueLength) return Promise.reject(hashingBusy());
    // The slot is handed over by release(): `running` stays counted for the waiter.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
