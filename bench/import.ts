/**
 * Phase "import" (decision 076): 100,000 contacts from a CSV through `POST /api/admin/leads/import`, sent as
 * the back office sends it (chunks with the header line, one after the other), on the production server
 * with PostgreSQL; then the same file again (every row known: nothing changes). Baseline in the same
 * run: `\copy leads (…) from 'file' csv` by psql (COPY FROM STDIN) into the emptied table, the fastest
 * PostgreSQL ingests those rows with the same indexes and triggers. Target: under 30 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateLatest, openDatabase } from '../api/platform/db.ts';
import { signInAdmin, setupCodeInLog } from './lib/http.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer } from './lib/server.ts';
import { ROOT, log, round } from './lib/util.ts';

export interface ImportBenchResult {
  rows: number;
  chunkRows: number;
  fileMiB: number;
  importMs: number;
  rowsPerSec: number;
  created: number;
  secondRunMs: number;
  secondRunCreated: number;
  secondRunCompleted: number;
  copyBaselineMs: number;
  targetMs: number;
}

const FIRST = ['Zoé', 'Léa', 'Noah', 'Lina', 'Luca', 'Mia', 'Élodie', 'Jérôme', 'Anaïs', 'Matteo'];
const LAST = ['Favre', 'Müller', 'Rochat', 'Bürki', 'Dubois', 'Keller', 'Rossi', 'Gerber', 'Python', 'Aebischer'];
const CITIES = ['Lausanne', 'Genève', 'Fribourg', 'Neuchâtel', 'Sion', 'Berne'];

/** The file a person imports, and the same rows as COPY takes them (source value, tags as an array literal). */
function csvLines(rows: number): { header: string; records: string[]; copyRecords: string[] } {
  const records: string[] = [];
  const copyRecords: string[] = [];
  for (let index = 0; index < rows; index++) {
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
    const common =
      `${first};${last};contact${index}@import-bench.example.ch;+41 79 ${String(index % 1000).padStart(3, '0')} ${String(index % 100).padStart(2, '0')} 00;` +
      `"Société ${index % 500}; SA";${CITIES[index % CITIES.length]}`;
    records.push(`${common};Recommandation;"vip, lot ${index % 20}"`);
    copyRecords.push(`${common};referral;"{vip,""lot ${index % 20}""}"`);
  }
  return { header: 'Prénom;Nom;Email;Téléphone;Société;Ville;Source;Tags', records, copyRecords };
}

export async function benchImport(options: { siteDistDir: string; rows: number; chunkRows: number }): Promise<ImportBenchResult> {
  const database = await createDatabase('import');
  const work = mkdtempSync(path.join(tmpdir(), 'innercircle-bench-import-'));
  const knex = await openDatabase({ databaseUrl: database.url, dataDir: path.join(ROOT, 'bench', '.work') });
  await migrateLatest(knex);
  await knex.destroy();
  const server = await startProductionServer({
    name: 'import-app',
    siteDistDir: options.siteDistDir,
    env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
  });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    const session = await signInAdmin(server.url, setupCodeInLog(readFileSync(server.logFile, 'utf8')));
    const { header, records, copyRecords } = csvLines(options.rows);
    const file = path.join(work, 'contacts.csv');
    writeFileSync(file, `${header}\r\n${records.join('\r\n')}\r\n`);
    const copyFile = path.join(work, 'contacts-copy.csv');
    writeFileSync(copyFile, `${header}\r\n${copyRecords.join('\r\n')}\r\n`);

    const runOnce = async () => {
      const totals = { created: 0, completed: 0, skipped: 0, invalid: 0 };
      const started = performance.now();
      for (let start = 0; start < records.length; start += options.chunkRows) {
        const body = `${header}\r\n${records.slice(start, start + options.chunkRows).join('\r\n')}\r\n`;
        const response = await fetch(`${server.url}/api/admin/leads/import?dryRun=false&firstRow=${start + 2}`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv', origin: server.url, cookie: session.cookieHeader() },
          body,
        });
        const result = (await response.json()) as typeof totals & { message?: string };
        if (response.status !== 200) throw new Error(`import answered ${response.status}: ${result.message}`);
        for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += result[key];
      }
      return { ms: performance.now() - started, ...totals };
    };

    log(`import: ${options.rows.toLocaleString('fr-CH')} rows in chunks of ${options.chunkRows}…`);
    const first = await runOnce();
    if (first.created !== options.rows) throw new Error(`import created ${first.created} contacts of ${options.rows} (${first.invalid} invalid)`);
    log(`import: ${round(first.ms / 1000, 1)} s (${Math.round(options.rows / (first.ms / 1000))} rows/s); same file again…`);
    const second = await runOnce();
    log(`import: second run ${round(second.ms / 1000, 1)} s, created ${second.created}, completed ${second.completed}`);

    // Baseline: COPY FROM STDIN of the very file into the emptied table (same indexes and triggers).
    await client.query('delete from leads');
    await client.query('vacuum analyze leads');
    const copyStarted = performance.now();
    execFileSync(
      'psql',
      [database.url, '-v', 'ON_ERROR_STOP=1', '-c', `\\copy leads (first_name, last_name, email, phone, company, city, source, tags) from '${copyFile}' with (format csv, header true, delimiter ';')`],
      { stdio: 'pipe' },
    );
    const copyMs = performance.now() - copyStarted;
    log(`import: COPY baseline ${round(copyMs / 1000, 2)} s`);
    return {
      rows: options.rows,
      chunkRows: options.chunkRows,
      fileMiB: round(Buffer.byteLength(readFileSync(file)) / 1024 / 1024, 1),
      importMs: round(first.ms, 0),
      rowsPerSec: Math.round(options.rows / (first.ms / 1000)),
      created: first.created,
      secondRunMs: round(second.ms, 0),
      secondRunCreated: second.created,
      secondRunCompleted: second.completed,
      copyBaselineMs: round(copyMs, 0),
      targetMs: 30_000,
    };
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    await dropDatabase(database.name);
    rmSync(work, { recursive: true, force: true });
  }
}
