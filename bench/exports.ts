/**
 * Phase "exports" (decision 056): `GET /api/admin/leads.csv` against the production server on PostgreSQL
 * at each size, read to the end by a client that counts lines, with the server's resident memory
 * sampled from /proc every 50 ms (peak over the export, and the process's RSS before it). Baseline:
 * `COPY (the same columns) TO STDOUT` through psql, the fastest way PostgreSQL itself writes a CSV.
 * "Memory flat" means the peak barely moves between 10 k and 1 M rows.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type RunningProcess } from './lib/server.ts';
import { seedLeadsTo } from './seed.ts';
import { log, round, sleep } from './lib/util.ts';
import { withAdminBench } from './lib/admin-bench.ts';
import { BENCH_ADMIN } from './lib/http.ts';

export interface ExportSize {
  rows: number;
  app: { ms: number; rowsPerS: number; bytes: number; rssBeforeMiB: number; peakRssMiB: number };
  copy: { ms: number; rowsPerS: number; bytes: number };
}
export interface ExportsResult {
  sizes: ExportSize[];
}

const MiB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux). */
function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    // The process is gone: the export's own check reports it.
    return 0;
  }
}

async function measureApp(server: RunningProcess, cookie: string): Promise<ExportSize['app'] & { lines: number }> {
  const pid = server.process.pid!;
  const rssBefore = rssBytes(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 50);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/admin/leads.csv`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`leads.csv answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (server.process.exitCode !== null || server.process.signalCode !== null) {
    throw new Error(`the server exited during the export (${server.process.signalCode ?? server.process.exitCode})`);
  }
  peak = Math.max(peak, rssBytes(pid));
  const rows = lines - 1;
  return { ms: round(ms, 0), rowsPerS: round(rows / (ms / 1000), 0), bytes, rssBeforeMiB: round(rssBefore / MiB, 1), peakRssMiB: round(peak / MiB, 1), lines: rows };
}

async function measureCopy(databaseUrl: string, rows: number): Promise<ExportSize['copy']> {
  const sql = `copy (select first_name, last_name, email, phone, company, city, country, status, source, array_to_string(tags, ', '), to_char(created_at at time zone 'Europe/Zurich', 'DD/MM/YYYY HH24:MI'), to_char(last_contacted_at at time zone 'Europe/Zurich', 'DD/MM/YYYY HH24:MI') from leads order by id desc) to stdout with (format csv, header, delimiter ';')`;
  const started = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    const child = spawn('psql', [databaseUrl, '-X', '-q', '-c', sql], { stdio: ['ignore', 'pipe', 'inherit'] });
    let count = 0;
    child.stdout.on('data', (chunk: Buffer) => (count += chunk.length));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(count) : reject(new Error(`psql exited with ${code}`))));
  });
  const ms = performance.now() - started;
  return { ms: round(ms, 0), rowsPerS: round(rows / (ms / 1000), 0), bytes };
}

export async function benchExports(options: { siteDistDir: string; sizes: number[] }): Promise<ExportsResult> {
  const sizes: ExportSize[] = [];
  await withAdminBench({ purpose: 'exports', siteDistDir: options.siteDistDir, logLevel: 'warn' }, async ({ database, client, server, session }) => {
    for (const rows of options.sizes) {
      log(`exports: seeding ${rows.toLocaleString('fr-CH')} contacts…`);
      await seedLeadsTo(client, rows);
      // Seeding a million contacts outlasts the 5-minute proof the export needs (docs/decisions/145-re-authentication.md).
      await session.expect('POST', '/api/simple-auth/reauth', { method: 'password', code: BENCH_ADMIN.password }, [200]);
      // Settle: the RSS before the export should not include the seeding's requests.
      await sleep(500);
      const app = await measureApp(server, session.cookieHeader());
      if (app.lines !== rows) throw new Error(`leads.csv wrote ${app.lines} rows, expected ${rows}`);
      const copy = await measureCopy(database.url, rows);
      log(`exports ${rows}: app ${app.rowsPerS} rows/s, RSS ${app.rssBeforeMiB} → peak ${app.peakRssMiB} MiB; COPY ${copy.rowsPerS} rows/s`);
      const { lines: _lines, ...appFigures } = app;
      sizes.push({ rows, app: appFigures, copy });
    }
  });
  return { sizes };
}

/** The RESULTS.md section. */
export function renderExports(result: ExportsResult): string {
  const head = '| Contacts | leads.csv rows/s | leads.csv time | server RSS before → peak (MiB) | COPY TO STDOUT rows/s | COPY time | CSV size (app / COPY) |';
  const rows = result.sizes.map(
    (size) =>
      `| ${size.rows.toLocaleString('en-US')} | ${size.app.rowsPerS.toLocaleString('en-US')} | ${size.app.ms} ms | ${size.app.rssBeforeMiB} → ${size.app.peakRssMiB} | ${size.copy.rowsPerS.toLocaleString('en-US')} | ${size.copy.ms} ms | ${round(size.app.bytes / MiB, 1)} / ${round(size.copy.bytes / MiB, 1)} MiB |`,
  );
  return [head, '| --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}
