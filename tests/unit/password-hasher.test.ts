import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../api/platform/lib/password-hasher.ts';
import { HttpError } from '../../api/platform/errors.ts';
import { argon2Cost, dummyPasswordHash, hashPassword } from '../../api/platform/lib/passwords.ts';

describe('PasswordHasher', () => {
  it('runs at most `concurrency` computations at once, queues `queueLength` more, refuses the rest at once with 503', async () => {
    const hasher = new PasswordHasher({ concurrency: 2, queueLength: 3 });
    const stored = await hashPassword('un-mot-de-passe-de-test', { memory: 1024, passes: 1, parallelism: 1 });
    const outcomes = await Promise.allSettled(Array.from({ length: 9 }, () => hasher.verify('un-mot-de-passe-de-test', stored)));
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(5);
    expect(fulfilled.every((outcome) => (outcome as PromiseFulfilledResult<boolean>).value)).toBe(true);
    expect(rejected).toHaveLength(4);
    for (const { reason } of rejected) {
      expect(reason).toBeInstanceOf(HttpError);
      expect((reason as HttpError).status).toBe(503);
      expect((reason as HttpError).headers['Retry-After']).toBe('2');
    }
    expect(hasher.peak).toBe(2);
    expect(hasher.started).toBe(5);
    // Slots are given back: a later call runs.
    expect(await hasher.verify('faux', stored)).toBe(false);
  });
});

describe('PasswordHasher cost (decision 093)', () => {
  it('hashes at the configured cost, verifies hashes made at another cost, and makes its dummy hash at its own cost', { timeout: 30_000 }, async () => {
    const cheap = new PasswordHasher({ concurrency: 1, queueLength: 0, cost: argon2Cost({ memoryKib: 64, passes: 1 }) });
    const stored = await cheap.hash('un-mot-de-passe-de-test');
    expect(stored).toMatch(/^argon2id\$m=64,t=1,p=1\$[\w-]+\$[\w-]+$/);
    expect(await cheap.verify('un-mot-de-passe-de-test', stored)).toBe(true);
    // A hash stored at production's cost still verifies, whatever the configured cost.
    const production = await hashPassword('un-mot-de-passe-de-test');
    expect(production).toMatch(/^argon2id\$m=65536,t=2,p=1\$/);
    expect(await cheap.verify('un-mot-de-passe-de-test', production)).toBe(true);
    expect(await dummyPasswordHash(cheap.cost)).toMatch(/^argon2id\$m=64,t=1,p=1\$/);
    expect(new PasswordHasher({ concurrency: 1, queueLength: 0 }).cost).toEqual({ memory: 65_536, passes: 2, parallelism: 1 });
  });
});
