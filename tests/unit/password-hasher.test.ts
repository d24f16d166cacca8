import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../api/lib/password-hasher.ts';
import { HttpError } from '../../api/errors.ts';
import { hashPassword } from '../../api/lib/passwords.ts';

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
