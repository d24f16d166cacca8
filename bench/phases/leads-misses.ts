/**
 * Why a lead-capture target was missed, read from the measurements (CPU per request of the app, of the
 * bare server and of PostgreSQL, the statements, the CPU profile), and what would reach it.
 */
import type { LeadsResult } from '../leads.ts';
import { ms, num, whatWouldReachIt, type Target } from '../lib/report-format.ts';

export function leadsWhatWouldReach(miss: Target, leads: LeadsResult): string {
  const fix = whatWouldReachIt;
  const target = miss.target;
  if (miss.area === 'Lead capture') {
    const full = leads.fullSql;
    const prepared = leads.fullSqlPrepared;
    const floorP99 = full ? `the one-statement floor ${full.p99Ms < 50 ? 'just reaches it' : 'does not'} (p99 ${ms(full.p99Ms)})` : '';
    const little = `Little's law ties latency to throughput at a fixed concurrency: ${leads.connections} connections ÷ ${num(leads.app.requestsPerSec)} req/s = ${Math.round((leads.connections / leads.app.requestsPerSec) * 1000)} ms on average per request; a p99 under 50 ms at ${leads.connections} connections needs roughly ${num(Math.round((leads.connections / 0.05) * 1.7))} req/s or more. The bare baseline has p99 ${ms(leads.baseline.p99Ms)}${floorP99 ? `, ${floorP99}` : ''}.${
      leads.atRequiredRate
        ? ` Asked for the required ${num(leads.atRequiredRate.offeredPerSec)} requests a second (open loop) instead of all it can answer, the app's p99 is ${ms(leads.atRequiredRate.app.p99Ms)}, the web-only instance's ${ms(leads.atRequiredRate.appWebOnly.p99Ms)} and the bare baseline's ${ms(leads.atRequiredRate.baseline.p99Ms)} (section 2).`
        : ''
    }`;
    const logShareForTail = leads.profile?.find((item) => item.group === 'sonic-boom')?.share;
    if (target.startsWith('p99'))
      return ` ${little} The p50 is ${ms(leads.app.p50Ms)} and the p90 ${ms(leads.app.p90Ms)}: the tail, not the typical answer, misses, and the bare baseline's own tail moves by tens of milliseconds from round to round on this shared machine.${fix(`nothing left in the request path. Decision 082 traced the web-only tail to bursts that hold every request in flight at once, about once a second (slow WAL flushes of the shared disk, full collections, three busy processes on 2 cores); the access log (synchronous today${logShareForTail ? `, ${logShareForTail} % of the app's CPU here` : ''}), an asynchronous log destination and no access log at all gave the same p99 within noise; and in its six interleaved rounds the bare INSERT's p99 was no lower than the web-only app's. With the workers in the process their sending shares the same cores as well. Web instances with WORKERS=off beside a worker instance, on a machine where autocannon does not share the cores with the server and PostgreSQL and whose disk flushes faster, would reach it.`)}`;
    const floor = full
      ? ` The work the app must do (idempotency record, upsert by email, a note per submission: decision 016) done by a bare server in one statement reaches ${num(full.requestsPerSec)} req/s (ratio ${leads.ratioFullSql}) with ${full.cpu.postgresMs.toFixed(2)} ms of PostgreSQL CPU per request against ${leads.app.cpu.postgresMs.toFixed(2)} ms for the app and ${leads.baseline.cpu.postgresMs.toFixed(2)} ms for the single INSERT; the app's own process spends ${leads.app.cpu.serverMs.toFixed(2)} ms of CPU per request against ${full.cpu.serverMs.toFixed(2)} ms for the bare server.`
      : '';
    const preparedNote =
      prepared && full
        ? ` As a named prepared statement the same SQL costs PostgreSQL ${prepared.cpu.postgresMs.toFixed(2)} ms instead of ${full.cpu.postgresMs.toFixed(2)} ms per request (parse and plan once per connection instead of every time) and reaches ${num(prepared.requestsPerSec)} req/s (ratio ${leads.ratioFullSqlPrepared}).`
        : '';
    const profile = leads.profile?.length
      ? ` CPU profile of the app: ${leads.profile
          .slice(0, 7)
          .map((item) => `${item.group} ${item.share} %`)
          .join(', ')} (the \`pg\` share is almost all the \`writev\` system call that sends the query to PostgreSQL, i.e. the loopback TCP stack).`
      : '';
    const changes: string[] = [];
    if (leads.statements.length > 1) {
      changes.push(
        'submit a contact in ONE statement without an explicit transaction (a single statement is atomic): data-modifying CTEs `with key as (insert into idempotency_keys … on conflict (key) do nothing returning key), lead as (insert into leads … where $key is null or exists (select 1 from key) on conflict (lower(email)) do update … returning id, (xmax = 0) as created), note as (insert into activities … from lead) select id, created from lead`, as bench/baseline-insert-server.ts runs with MODE=full; no row back with a key means a replay, answered from the payload',
      );
    }
    const logShare = leads.profile?.find((item) => item.group === 'sonic-boom')?.share;
    changes.push(
      `write the access log through an asynchronous destination (\`pino.destination({ dest: 1, sync: false })\` in api/server.ts; pino writes each line synchronously by default${logShare ? `, ${logShare} % of the app's CPU here` : ''}), at the price of losing the last buffered lines on a power cut`,
      'in production, web instances with WORKERS=off and a worker instance on other cores',
    );
    // Already in place: the submission is one named prepared statement (api/features/contacts/submissions/public-submissions.ts),
    // shared by the contact requests that arrive together (decision 082),
    // the session is read only on the session APIs (api/platform/http/session.ts returns at once elsewhere),
    // and the in-process workers wait while the requests keep the process busy (decision 079).
    const webOnly = leads.appWebOnly ? ` The same request path on a web-only instance (WORKERS=off) reaches ${num(leads.appWebOnly.requestsPerSec)} req/s (ratio ${leads.ratioWebOnly}).` : '';
    const inPlace = ` The app already sends its submission as one named prepared statement, lets contact requests arriving together share it (natural batching, decision 082: at most 2 statements at once, the requests that wait meanwhile go together in the next), skips the session store on public routes (one regular-expression test), and its e-mail workers wait while 8 or more requests are in flight (decision 079): during the load the workers only finish the jobs already in hand and keep polling the queue.${webOnly}`;
    return (
      floor +
      preparedNote +
      inPlace +
      profile +
      fix(
        `${changes.join('; ')}. The app pays PostgreSQL ${leads.app.cpu.postgresMs.toFixed(2)} ms per request against ${prepared ? prepared.cpu.postgresMs.toFixed(2) : '?'} ms for the prepared floor (its statement also inserts pg-boss's job row), and its own process ${leads.app.cpu.serverMs.toFixed(2)} ms against ${prepared ? prepared.cpu.serverMs.toFixed(2) : '?'} ms for the bare server: the Koa chain (zod, security headers, same-origin and session-path checks, access log) is the rest.`,
      )
    );
  }
  if (miss.area.startsWith('Lead capture, ') && target.startsWith('≥ 0.8')) {
    const prepared = leads.fullSqlPrepared!;
    const measured = miss.area.includes('web-only') ? leads.appWebOnly : leads.app;
    return (
      ` The floor is a bare \`node:http\` server sending the same required SQL as one prepared statement: ${prepared.cpu.serverMs.toFixed(2)} ms of its own CPU and ${prepared.cpu.postgresMs.toFixed(2)} ms of PostgreSQL's per request, against ${measured ? `${measured.cpu.serverMs.toFixed(2)} ms and ${measured.cpu.postgresMs.toFixed(2)} ms` : '?'} for the app, which also validates with zod, runs the Koa chain (security headers, same-origin check, session, rate-limit bypass, access log) and inserts pg-boss's job row in the same statement.` +
      (miss.area.includes('web-only')
        ? ''
        : ` The workers in the process wait while the requests keep it busy (decision 079): web-only, the same path reaches ${leads.appWebOnly ? `${num(leads.appWebOnly.requestsPerSec)} req/s` : '?'} against ${num(leads.app.requestsPerSec)} here.`) +
      ` The PostgreSQL CPU gap (${measured ? (measured.cpu.postgresMs - prepared.cpu.postgresMs).toFixed(2) : '?'} ms per request) is what the app's one statement writes beyond the floor's rows: the consent proof (decision 061) and pg-boss's job row, with their index entries.` +
      fix(
        'the change listed for the main lead-capture target (asynchronous log destination); one job row per submission is the price of a 201 that guarantees its e-mails (decision 022): batching the jobs of concurrent submissions into one row would trade that guarantee for throughput.',
      )
    );
  }
  if (miss.area.startsWith('Lead capture, ')) {
    const smtpDown = miss.area.includes('SMTP');
    return (
      ` The same one-statement submission as above, whose statement also inserts pg-boss's job row (one more row and its index entries per request: compare the web-only figure with the main one, where the instance also sends every e-mail).` +
      (smtpDown
        ? ' With the SMTP server down the in-process workers fail each send and retry it with backoff; during the load they wait (decision 079), and the instance is started for each of its rounds with the retries of the previous rounds due.'
        : ` Web-only, the instance spends ${(leads.appWebOnly ?? leads.app).cpu.serverMs.toFixed(2)} ms of its own CPU per request; PostgreSQL and the load generator share the same 2 cores.`) +
      fix(
        'see the main lead-capture p99 above (the tail follows the shared machine, decision 082); in production, run the web instances with WORKERS=off and one worker instance, so sending never competes with capture on the same cores.',
      )
    );
  }
  return '';
}
