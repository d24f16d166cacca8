/**
 * What PostgreSQL's autovacuum daemon does, for the embedded database, which has no such daemon
 * (decision 084). PGlite runs PostgreSQL as a single "standalone backend": `show autovacuum` says on,
 * but no launcher process exists, so without this nothing ever removes the dead rows of updated or
 * deleted rows (every e-mail and job row is updated two or three times on its way to "sent") and
 * nothing refreshes the planner's statistics.
 *
 * The choice of tables copies autovacuum's own rules and reads its settings from the server
 * (https://www.postgresql.org/docs/17/routine-vacuuming.html#AUTOVACUUM):
 * - VACUUM when dead rows > autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor × rows, or
 *   rows inserted since the last vacuum > autovacuum_vacuum_insert_threshold + its scale factor × rows;
 * - ANALYZE when rows changed since the last analyze > autovacuum_analyze_threshold + its scale factor × rows.
 * `rows` is pg_class.reltuples, read as 0 before the table's first vacuum or analyze (-1), as autovacuum does.
 */
import type { Database } from '../../platform/db.ts';

export interface TableUpkeep {
  /** `schema.table` */
  table: string;
  action: 'vacuum' | 'vacuum+analyze' | 'analyze';
  deadRows: number;
  ms: number;
}

interface TableStats {
  schema: string;
  name: string;
  deadRows: number;
  needsVacuum: boolean;
  needsAnalyze: boolean;
}

/** The app's tables (its own and the job queue's) that autovacuum would process now. */
export async function tablesDueForUpkeep(knex: Database): Promise<TableStats[]> {
  // Aliases are camelCase already: knex's snake-case mappers would rename snake_case keys anyway.
  const { rows } = await knex.raw<{ rows: Array<{ schema: string; name: string; deadRows: string | number; needsVacuum: boolean; needsAnalyze: boolean }> }>(`
    with settings as (
      select current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
             current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
             current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
             current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
             current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
             current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale
    ), tables as (
      select s.schemaname, s.relname, s.n_dead_tup, s.n_ins_since_vacuum, s.n_mod_since_analyze,
             greatest(c.reltuples, 0) as reltuples
        from pg_stat_user_tables s
        join pg_class c on c.oid = s.relid
       where c.relkind = 'r'
    )
    select t.schemaname as schema, t.relname as name, t.n_dead_tup as "deadRows",
           (t.n_dead_tup > st.vacuum_base + st.vacuum_scale * t.reltuples
             or (st.insert_base >= 0 and t.n_ins_since_vacuum > st.insert_base + st.insert_scale * t.reltuples)) as "needsVacuum",
           t.n_mod_since_analyze > st.analyze_base + st.analyze_scale * t.reltuples as "needsAnalyze"
      from tables t cross join settings st
     order by t.n_dead_tup desc, t.schemaname, t.relname`);
  return rows.filter((row) => row.needsVacuum || row.needsAnalyze).map((row) => ({ ...row, deadRows: Number(row.deadRows) }));
}

/** A name read from the catalog, quoted for SQL. */
function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/**
 * Vacuums and analyzes, one table at a time, the tables that are due. On PGlite every other statement
 * waits meanwhile (one session); each table is short work because it is taken as soon as it is due,
 * as autovacuum would. Returns what was done, for the log.
 */
export async function runDatabaseUpkeep(knex: Database): Promise<TableUpkeep[]> {
  const done: TableUpkeep[] = [];
  for (const table of await tablesDueForUpkeep(knex)) {
    const action: TableUpkeep['action'] = table.needsVacuum ? (table.needsAnalyze ? 'vacuum+analyze' : 'vacuum') : 'analyze';
    const command = action === 'vacuum+analyze' ? 'vacuum (analyze)' : action;
    const started = performance.now();
    await knex.raw(`${command} ${quoted(table.schema)}.${quoted(table.name)}`);
    done.push({ table: `${table.schema}.${table.name}`, action, deadRows: table.deadRows, ms: Math.round(performance.now() - started) });
  }
  return done;
}
