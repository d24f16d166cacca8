/**
 * Decision 123: the e-mail workers (every loop and lane, sending and preparing together) run at most
 * half the database pool's worth of jobs at once, so requests always find a connection.
 */
import type { Job } from 'pg-boss';
import { describe, expect, test } from 'vitest';
import type { Config } from '../../api/platform/config.ts';
import type { Database } from '../../api/platform/db.ts';
import { emailJobsAtOnce, withinDatabaseShare } from '../../api/platform/mail/workers.ts';

const postgres = (databasePoolMax: number) => ({ databaseUrl: 'postgres://db.example.ch/app', databasePoolMax }) as Config;

/** A job that runs until `finish()`; `running` counts the jobs started and not finished. */
function gatedJobs() {
  let running = 0;
  let peak = 0;
  const finishers: Array<() => void> = [];
  return {
    run: async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => finishers.push(resolve));
      running -= 1;
    },
    started: () => finishers.length,
    finishNext: () => finishers.shift()!(),
    peak: () => peak,
  };
}

/** Lets every pending promise callback run (no timer involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('emailJobsAtOnce', () => {
  test('is half the pool on PostgreSQL, at least one, and unbounded on PGlite (one serialised connection)', () => {
    expect(emailJobsAtOnce(postgres(10))).toBe(5);
    expect(emailJobsAtOnce(postgres(5))).toBe(2);
    expect(emailJobsAtOnce(postgres(1))).toBe(1);
    expect(emailJobsAtOnce({ databaseUrl: undefined, databasePoolMax: 10 })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('withinDatabaseShare', () => {
  test('sending and preparing on one database share one bound; each job waiting starts when one ends', async () => {
    const knex = {} as Database;
    const config = postgres(5);
    const jobs = gatedJobs();
    const send = withinDatabaseShare(config, knex, jobs.run);
    const prepare = withinDatabaseShare(config, knex, jobs.run);
    const all = Array.from({ length: 6 }, (_, index) => (index % 2 ? send : prepare)({ id: String(index) } as Job<unknown>));
    await settle();
    expect(jobs.started()).toBe(2);
    for (let done = 0; done < 6; done++) {
      jobs.finishNext();
      await settle();
    }
    await Promise.all(all);
    expect(jobs.peak()).toBe(2);
  });

  test('another database (another test app) has its own share', async () => {
    const config = postgres(2);
    const jobs = gatedJobs();
    const first = withinDatabaseShare(config, {} as Database, jobs.run);
    const second = withinDatabaseShare(config, {} as Database, jobs.run);
    const all = [first, first, second].map((run, index) => run({ id: String(index) } as Job<unknown>));
    await settle();
    expect(jobs.started()).toBe(2);
    for (let done = 0; done < 3; done++) {
      jobs.finishNext();
      await settle();
    }
    await Promise.all(all);
  });

  test('a failing job gives its place back', async () => {
    const config = postgres(2);
    const knex = {} as Database;
    const failing = withinDatabaseShare(config, knex, async () => {
      throw new Error('SMTP refusé');
    });
    await expect(failing({ id: '1' } as Job<unknown>)).rejects.toThrow('SMTP refusé');
    let ran = false;
    await withinDatabaseShare(config, knex, async () => {
      ran = true;
    })({ id: '2' } as Job<unknown>);
    expect(ran).toBe(true);
  });
});
