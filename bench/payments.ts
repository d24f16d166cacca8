/**
 * Phase `payments` of `npm run bench` (decision 133): a camt.054 of 10,000 entries sent to
 * `POST /api/admin/bank-files` on `npm start` + PostgreSQL, matched against 10,000 open invoices
 * (9,000 paid exactly, 500 in part, 500 without reference). Three different files one after the other
 * through the same process, then the first one again (every transaction a duplicate). Target: each
 * import under 10 s, and memory flat: the server's RSS after the third import no higher than after
 * the first plus a margin. Baseline in the same run: reading the same file alone (saxes and
 * camt.ts, in this process), what the import costs before it touches the database.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { readCamt } from '../api/features/payments/camt.ts';
import { migrateLatest, openDatabase } from '../api/platform/db.ts';
import { camtXml, type CamtEntrySpec } from '../tests/support/camt.ts';
import { signInAdmin, setupCodeInLog } from './lib/http.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer } from './lib/server.ts';
import { ROOT, log, median, round } from './lib/util.ts';
import path from 'node:path';

export const PAYMENTS_TARGET_MS = 10_000;
/** What a further import may add to the server's RSS and still count as flat. */
export const PAYMENTS_FLAT_RSS_PERCENT = 5;

export interface PaymentsImportRun {
  label: string;
  ms: number;
  matched: number;
  partial: number;
  unmatched: number;
  duplicates: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
}

export interface PaymentsBenchResult {
  entries: number;
  fileMiB: number;
  parseMs: number;
  parseRuns: number;
  imports: PaymentsImportRun[];
  targetMs: number;
  flatRssPercent: number;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** The 27-digit QR reference of invoice n (the check digit does not matter to matching). */
function reference(n: number): string {
  return String(n).padStart(27, '0');
}

function fileOf(round_: number, entries: number): string {
  const first = round_ * entries;
  const specs: CamtEntrySpec[] = [];
  for (let index = 0; index < entries; index++) {
    const n = first + index + 1;
    const kind = index % 20;
    const acctSvcrRef = `BENCH-${round_}-${index}`;
    if (kind === 19) specs.push({ acctSvcrRef, transactions: [{ amountCents: 12_345, reference: null, name: 'Anne Sansref' }] });
    else if (kind === 18) specs.push({ acctSvcrRef, transactions: [{ amountCents: 50_000, reference: reference(n), name: `Client ${n}` }] });
    else specs.push({ acctSvcrRef, transactions: [{ amountCents: 100_000, reference: reference(n), name: `Client ${n}` }] });
  }
  return camtXml({ message: 'camt.054', version: '08', messageId: `BENCH-${round_}`, entries: specs });
}

export async function benchPayments(options: { siteDistDir: string; entries: number; rounds: number }): Promise<PaymentsBenchResult> {
  const database = await createDatabase('payments');
  const knex = await openDatabase({ databaseUrl: database.url, dataDir: path.join(ROOT, 'bench', '.work') });
  await migrateLatest(knex);
  await knex.destroy();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // Open invoices of 1,000.00 for every file's entries, as billing stores them.
  await client.query(
    `insert into invoices (number, debtor_name, debtor_street, debtor_postal_code, debtor_town, debtor_country, net_cents, vat_cents, total_cents,
                           reference, iban, issued_on, due_on, status)
     select '2027-' || lpad(n::text, 6, '0'), 'Client ' || n, 'Rue du Lac 1', '1003', 'Lausanne', 'CH', 100000, 0, 100000,
            lpad(n::text, 27, '0'), 'CH4431999123000889012', date '2027-01-04', date '2027-02-03', 'open'
       from generate_series(1, $1::integer) as n`,
    [options.entries * options.rounds],
  );
  await client.query('analyze invoices');
  const server = await startProductionServer({ name: 'payments-app', siteDistDir: options.siteDistDir, env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' } });
  try {
    const session = await signInAdmin(server.url, setupCodeInLog(readFileSync(server.logFile, 'utf8')));
    const pid = server.process.pid!;
    const files = Array.from({ length: options.rounds }, (_, round_) => fileOf(round_, options.entries));

    // Baseline: reading the file alone, in this process.
    const parseTimes: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const reading = readCamt(files[0]!);
      parseTimes.push(performance.now() - started);
      if (reading.transactions.length !== options.entries) throw new Error(`read ${reading.transactions.length} transactions`);
    }
    log(`payments: reading ${options.entries} entries alone, median ${round(median(parseTimes), 0)} ms`);

    const imports: PaymentsImportRun[] = [];
    const importOnce = async (label: string, xml: string) => {
      const before = rssMiB(pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(pid));
      }, 25);
      const started = performance.now();
      const response = await fetch(`${server.url}/api/admin/bank-files`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml', origin: server.url, cookie: session.cookieHeader() },
        body: xml,
      });
      const body = (await response.json()) as { matched: number; partial: number; unmatched: number; duplicates: number; message?: string };
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (response.status !== 200) throw new Error(`import answered ${response.status}: ${body.message}`);
      const after = rssMiB(pid);
      peak = Math.max(peak, after);
      const run = {
        label,
        ms: round(ms, 0),
        matched: body.matched,
        partial: body.partial,
        unmatched: body.unmatched,
        duplicates: body.duplicates,
        rssBeforeMiB: round(before, 0),
        rssPeakMiB: round(peak, 0),
        rssAfterMiB: round(after, 0),
      };
      log(
        `payments: ${label}: ${round(ms / 1000, 2)} s, matched ${run.matched}, partial ${run.partial}, unmatched ${run.unmatched}, duplicates ${run.duplicates}, RSS ${run.rssBeforeMiB} → ${run.rssPeakMiB} → ${run.rssAfterMiB} MiB`,
      );
      imports.push(run);
    };
    for (const [index, xml] of files.entries()) await importOnce(`file ${index + 1}`, xml);
    await importOnce('file 1 again', files[0]!);
    return {
      entries: options.entries,
      fileMiB: round(Buffer.byteLength(files[0]!) / 1024 / 1024, 1),
      parseMs: round(median(parseTimes), 0),
      parseRuns: parseTimes.length,
      imports,
      targetMs: PAYMENTS_TARGET_MS,
      flatRssPercent: PAYMENTS_FLAT_RSS_PERCENT,
    };
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    await dropDatabase(database.name);
  }
}

/** The section of bench/RESULTS.md; `measured` is its title's parenthesis. */
export function renderPaymentsSection(result: PaymentsBenchResult, measured: string): string[] {
  const fresh = result.imports.filter((run) => run.duplicates === 0);
  const met = result.imports.every((run) => run.ms < result.targetMs);
  const firstAfter = fresh[0]?.rssAfterMiB ?? 0;
  const lastAfter = fresh.at(-1)?.rssAfterMiB ?? 0;
  const flat = lastAfter <= firstAfter * (1 + result.flatRssPercent / 100);
  return [
    `## Payments: importing a camt.054 ${measured}`,
    '',
    `A camt.054 (version 08) of ${result.entries.toLocaleString('en-US')} entries (${result.fileMiB} MiB) sent to \`POST /api/admin/bank-files\` on \`npm start\` + PostgreSQL, against open invoices: 18 of 20 entries pay an invoice exactly, 1 in part, 1 has no reference. ${fresh.length} different files one after the other through the same process, then the first again (all duplicates). Target: each import under ${(result.targetMs / 1000).toFixed(0)} s — ${met ? '**met**' : '**missed**'}; memory flat (RSS after the last new file within ${result.flatRssPercent} % of RSS after the first) — ${flat ? '**met**' : '**missed**'}. Baseline in the same run: reading the same file alone (saxes + camt.ts, no database), median of ${result.parseRuns}: ${result.parseMs} ms.`,
    '',
    '| Run | Time | Matched | Partial | To review | Duplicates | Server RSS before → peak → after |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...result.imports.map(
      (run) =>
        `| ${run.label} | ${(run.ms / 1000).toFixed(2)} s | ${run.matched.toLocaleString('en-US')} | ${run.partial} | ${run.unmatched} | ${run.duplicates.toLocaleString('en-US')} | ${run.rssBeforeMiB} → ${run.rssPeakMiB} → ${run.rssAfterMiB} MiB |`,
    ),
    '',
    `Import / reading alone: ${((fresh[0]?.ms ?? 0) / Math.max(1, result.parseMs)).toFixed(1)}×: the rest is one transaction writing ${result.entries.toLocaleString('en-US')} payment rows (1,000 per insert), locking the invoices their references name, and one statement updating them by billing’s rule.`,
    '',
  ];
}
