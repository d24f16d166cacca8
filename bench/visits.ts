/**
 * Phase `visits`: what counting visits on the server (decision 111) costs the landing page. One
 * production server (`npm start`, PostgreSQL, TRUST_PROXY so each request can be its own visitor), two
 * loads of `GET /` taken in turn, several rounds in alternating order:
 * - counted: a browser's User-Agent (isbot would drop any other, and nothing would be measured) and a
 *   new address per request, so every answer is a new visitor: a hash, a new entry in memory, the worst case;
 * - not counted, the floor: the very same requests with `Sec-Purpose: prefetch`, which the counter
 *   turns away first (a prefetch is not a visit), so the same build and process serve the same page
 *   without counting anything.
 * A third load, counted too, comes from 500 returning visitors (the addresses go round): its gap to the
 * floor is the per-request work alone, the worst case's gap adds the writing of new visitors.
 * Each round runs the loads back to back (in alternating order), so both see the same machine; the figure
 * is the median of the rounds' ratios (target ≥ 0.9). The visits stored after the server's graceful stop
 * show the counted load was counted and the floor was not.
 */
import { migrateLatest, openDatabase } from '../api/platform/db.ts';
import { createDatabase, dropDatabase } from './lib/pg.ts';
import { startProductionServer } from './lib/server.ts';
import { load, type LoadResult } from './lib/load.ts';
import { WORK_DIR, log, median, round } from './lib/util.ts';
import { postgresCpuMs, processCpuMs } from './lib/cpu.ts';

export const VISITS_TARGET_RATIO = 0.9;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface VisitsBenchResult {
  connections: number;
  durationS: number;
  rounds: number;
  counted: LoadResult[];
  notCounted: LoadResult[];
  /** Counted, 500 visitors coming back: no new visitor to write after the first seconds. */
  returning: LoadResult[];
  returningRatio: number;
  /** The median of each round's counted req/s over its not-counted req/s. */
  ratio: number;
  roundRatios: number[];
  /** Answers 200 to the counted load, and the visits stored once the server stopped. */
  countedAnswers: number;
  /**
   * CPU per answered request (µs), the median of the rounds, of the server process and of PostgreSQL:
   * steadier than req/s on a shared machine, it says what counting costs whatever the neighbours do.
   */
  cpuUsPerRequest?: { counted: { app: number; postgres: number }; notCounted: { app: number; postgres: number }; returning: { app: number; postgres: number } };
  visitsStored: number;
  visitorsStored: number;
}

interface CpuPerRequest {
  app: number;
  postgres: number;
}

export const RETURNING_VISITORS = 500;
let returningVisitor = 0;
let visitor = 0;
/** A new address for each request: 10.x.y.z, through the trusted proxy header. */
function nextAddress(): string {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
}

function returningAddress(): string {
  returningVisitor = (returningVisitor + 1) % RETURNING_VISITORS;
  return `192.168.${returningVisitor >> 8}.${returningVisitor & 255}`;
}

export async function benchVisits(options: { siteDistDir: string; durationS: number; rounds: number; connections?: number }): Promise<VisitsBenchResult> {
  const connections = options.connections ?? 10;
  const database = await createDatabase('visits');
  const migrating = await openDatabase({ databaseUrl: database.url, dataDir: WORK_DIR });
  try {
    await migrateLatest(migrating);
  } finally {
    await migrating.destroy();
  }
  const server = await startProductionServer({
    name: 'visits',
    siteDistDir: options.siteDistDir,
    env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
  });
  const counted: LoadResult[] = [];
  const notCounted: LoadResult[] = [];
  const returning: LoadResult[] = [];
  const cpu = { counted: [] as CpuPerRequest[], notCounted: [] as CpuPerRequest[], returning: [] as CpuPerRequest[] };
  const measured = async (kind: keyof typeof cpu, run: () => Promise<LoadResult>): Promise<LoadResult> => {
    const app = processCpuMs(server.process.pid!);
    const postgres = postgresCpuMs();
    const result = await run();
    const answers = Math.max(1, result.ok);
    cpu[kind].push({ app: ((processCpuMs(server.process.pid!) - app) * 1000) / answers, postgres: ((postgresCpuMs() - postgres) * 1000) / answers });
    return result;
  };
  let stopped = false;
  try {
    const url = `${server.url}/`;
    const headers = { 'user-agent': BROWSER, accept: 'text/html' };
    const countedLoad = (label: string) =>
      load({
        label,
        url,
        connections,
        durationS: options.durationS,
        request: { method: 'GET', path: '/', headers, setupRequest: (request) => ({ ...request, headers: { ...headers, 'x-forwarded-for': nextAddress() } }) },
      });
    const floorLoad = (label: string) =>
      load({
        label,
        url,
        connections,
        durationS: options.durationS,
        request: { method: 'GET', path: '/', headers, setupRequest: (request) => ({ ...request, headers: { ...headers, 'sec-purpose': 'prefetch', 'x-forwarded-for': nextAddress() } }) },
      });
    const returningLoad = (label: string) =>
      load({
        label,
        url,
        connections,
        durationS: options.durationS,
        request: { method: 'GET', path: '/', headers, setupRequest: (request) => ({ ...request, headers: { ...headers, 'x-forwarded-for': returningAddress() } }) },
      });
    log('visits: warm-up');
    await floorLoad('warm-up');
    await countedLoad('warm-up');
    for (let round_ = 0; round_ < options.rounds; round_ += 1) {
      const order = round_ % 2 === 0 ? (['counted', 'floor', 'returning'] as const) : (['returning', 'floor', 'counted'] as const);
      for (const which of order) {
        if (which === 'counted') counted.push(await measured('counted', () => countedLoad(`counted ${round_ + 1}`)));
        else if (which === 'returning') returning.push(await measured('returning', () => returningLoad(`counted, returning visitors ${round_ + 1}`)));
        else notCounted.push(await measured('notCounted', () => floorLoad(`not counted ${round_ + 1}`)));
        const kind = which === 'floor' ? 'notCounted' : which;
        const last = (which === 'counted' ? counted : which === 'returning' ? returning : notCounted).at(-1)!;
        const cost = cpu[kind].at(-1)!;
        log(
          `visits: ${last.label}: ${last.requestsPerSec} req/s, p99 ${last.p99Ms} ms, ${last.non2xx + last.errors} failures; CPU per request ${round(cost.app)} µs server, ${round(cost.postgres)} µs PostgreSQL`,
        );
      }
    }
    // The graceful stop writes what is still in memory (decision 111).
    await server.stop();
    stopped = true;
    const knex = await openDatabase({ databaseUrl: database.url, dataDir: WORK_DIR });
    try {
      const { rows } = await knex.raw<{ rows: { visits: number; visitors: number }[] }>(
        'select coalesce(sum(visits), 0)::int as visits, coalesce(sum(entries), 0)::int as visitors from visit_daily_counts',
      );
      const countedAnswers = counted.reduce((sum, run) => sum + run.ok, 0);
      const roundRatios = counted.map((run, index) => round(run.requestsPerSec / notCounted[index]!.requestsPerSec, 2));
      const ratio = round(median(roundRatios), 2);
      const returningRatio = round(median(returning.map((run, index) => run.requestsPerSec / notCounted[index]!.requestsPerSec)), 2);
      log(
        `visits: ratio ${ratio} (rounds ${roundRatios.join(', ')}), returning visitors ${returningRatio}; ${rows[0]!.visits} visits stored for ${countedAnswers} counted answers (warm-up included in the store)`,
      );
      const medianCpu = (runs: CpuPerRequest[]) => ({ app: round(median(runs.map((run) => run.app)), 1), postgres: round(median(runs.map((run) => run.postgres)), 1) });
      const cpuUsPerRequest = { counted: medianCpu(cpu.counted), notCounted: medianCpu(cpu.notCounted), returning: medianCpu(cpu.returning) };
      log(
        `visits: CPU per request (µs, server + PostgreSQL): counted ${cpuUsPerRequest.counted.app} + ${cpuUsPerRequest.counted.postgres}, returning ${cpuUsPerRequest.returning.app} + ${cpuUsPerRequest.returning.postgres}, not counted ${cpuUsPerRequest.notCounted.app} + ${cpuUsPerRequest.notCounted.postgres}`,
      );
      return {
        connections,
        durationS: options.durationS,
        rounds: options.rounds,
        counted,
        notCounted,
        returning,
        returningRatio,
        ratio,
        roundRatios,
        countedAnswers,
        cpuUsPerRequest,
        visitsStored: rows[0]!.visits,
        visitorsStored: rows[0]!.visitors,
      };
    } finally {
      await knex.destroy();
    }
  } finally {
    if (!stopped) await server.stop();
    await dropDatabase(database.name);
  }
}
