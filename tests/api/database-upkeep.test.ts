/**
 * Decision 084: the embedded database has no autovacuum daemon, so the app vacuums and analyzes the
 * tables autovacuum would, with autovacuum's own thresholds. The selection and the work are the same
 * SQL on both engines (tested on both); the schedule exists only on PGlite, where nothing else does it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UPKEEP_QUEUE } from '../../api/features/operations/database-upkeep-job.ts';
import { runDatabaseUpkeep, tablesDueForUpkeep } from '../../api/features/operations/database-upkeep.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { waitUntil } from '../support/smtp-sink.ts';

const usePg = process.env.TEST_DB === 'pg';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // On a server whose autovacuum is on, the daemon could clean the table between two steps of a test.
  if (usePg) await app.knex.raw('alter table leads set (autovacuum_enabled = false)');
});

afterAll(async () => {
  await app.close();
});

interface LeadTableStats {
  deadRows: number;
  vacuumedAt: Date | null;
  analyzedAt: Date | null;
}

async function leadTableStats(): Promise<LeadTableStats> {
  const { rows } = await app.knex.raw(
    `select n_dead_tup::int as "deadRows", coalesce(last_vacuum, last_autovacuum) as "vacuumedAt", coalesce(last_analyze, last_autoanalyze) as "analyzedAt"
       from pg_stat_user_tables where schemaname = 'public' and relname = 'leads'`,
  );
  return rows[0];
}

/** The table's statistics once `holds` is true of them (a backend publishes its counters at most once a second). */
function leadTableStatsOnce(holds: (stats: LeadTableStats) => boolean, what: string): Promise<LeadTableStats> {
  return waitUntil(
    async () => {
      const stats = await leadTableStats();
      return holds(stats) && stats;
    },
    60_000,
    what,
  );
}

/** 400 contacts written then each updated once: 400 dead row versions in `leads`. */
async function churnLeads(prefix: string): Promise<void> {
  await app.knex.raw(`insert into leads (first_name, email) select 'Essai', ? || g || '@example.ch' from generate_series(1, 400) g`, [`${prefix}-`]);
  await app.knex.raw(`update leads set notes = 'relu' where email like ?`, [`${prefix}-%`]);
}

describe('database upkeep', () => {
  it('vacuums and analyzes a table once autovacuum would, and then leaves it alone', async () => {
    await churnLeads('churn');
    await leadTableStatsOnce((stats) => stats.deadRows >= 400, 'the dead rows to be counted');
    const due = await tablesDueForUpkeep(app.knex);
    expect(due).toContainEqual(expect.objectContaining({ schema: 'public', name: 'leads', needsVacuum: true, needsAnalyze: true }));

    const done = await runDatabaseUpkeep(app.knex);
    expect(done).toContainEqual(expect.objectContaining({ table: 'public.leads', action: 'vacuum+analyze' }));
    const after = await leadTableStats();
    expect(after.deadRows).toBe(0);
    expect(after.vacuumedAt).not.toBeNull();
    expect(after.analyzedAt).not.toBeNull();
    const { rows } = await app.knex.raw(`select reltuples::int as "rows" from pg_class where oid = 'public.leads'::regclass`);
    expect(rows[0].rows).toBeGreaterThanOrEqual(400); // the planner now knows the table's size

    // Nothing changed since: not due any more (a few more changes stay under 50 + 20 % of 400 rows).
    await app.knex.raw(`update leads set notes = 'relu deux fois' where email in (?, ?)`, ['churn-1@example.ch', 'churn-2@example.ch']);
    expect((await tablesDueForUpkeep(app.knex)).map((table) => `${table.schema}.${table.name}`)).not.toContain('public.leads');
  });

  it('is scheduled every five minutes on the embedded database, whose job does the work; not on PostgreSQL', async () => {
    const { rows } = await app.knex.raw(`select cron from pgboss.schedule where name = ?`, [DATABASE_UPKEEP_QUEUE]);
    if (usePg) {
      // The server's autovacuum daemon does this work in the background, blocking nobody.
      expect(rows).toEqual([]);
      return;
    }
    expect(rows).toEqual([{ cron: '*/5 * * * *' }]);

    await churnLeads('job');
    const before = await leadTableStatsOnce((stats) => stats.deadRows >= 400, 'the dead rows to be counted');
    await app.jobs.queue.send(DATABASE_UPKEEP_QUEUE, {});
    const after = await leadTableStatsOnce((stats) => stats.deadRows === 0, 'the job to vacuum');
    expect(after.vacuumedAt!.getTime()).toBeGreaterThan(before.vacuumedAt?.getTime() ?? 0);
  });
});
