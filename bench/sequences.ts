/**
 * Phase `sequences` of `npm run bench` (docs/decisions/150-sequences-engine.md): `npm start` on PostgreSQL
 * with its workers and crons, sending to a local SMTP sink (smtp-server over TCP), NEWSLETTER_RATE_PER_MINUTE=300:
 *   1. the newsletters' rate in the same run, as the baseline: an issue to enough subscribers to outlast
 *      the window, its messages accepted over the window (by their rows' sent time);
 *   2. entering the people in a sequence: each registered to a session that ended 5 minutes ago and
 *      marked absent (`webinar_absent`); the sequence, made through the API, is resumed and the `sequences`
 *      cron (every minute) enters them: the time from the resume until all are in (the wait for the
 *      cron's minute included), and the span of their entry times (the cron's work);
 *   3. the rate of its first step, due for all of them at once, over the same window: target within 5 %
 *      of the newsletters' rate measured in 1 (both paced at the same cap, each alone);
 *   4. lead capture (`POST /api/leads`, 50 connections) while the step is sending, beside its baseline
 *      measured on the same server before anything was sent.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import type { ApiSession } from './lib/http.ts';
import { load, type LoadResult } from './lib/load.ts';
import { log, round, sleep } from './lib/util.ts';
import { ms, type Target } from './lib/report-format.ts';
import { leadRequest, withSendingServer } from './lib/sending-server.ts';

export const SEQUENCE_PEOPLE = 10_000;
export const SEQUENCE_RATE_TOLERANCE_PERCENT = 5;
/** The newsletter phase's cap (bench/newsletter.ts): the two phases' rates read side by side. */
const RATE = 300;
const CONNECTIONS = 50;
const ALWAYS = { from: '00:00', to: '24:00', days: [1, 2, 3, 4, 5, 6, 7] };

export interface PaceFigures {
  seconds: number;
  accepted: number;
  /** Messages a minute, measured. */
  perMinute: number;
  /** The machine's 1-minute load average at the window's start and end (it is shared). */
  load?: [number, number];
}

export interface SequencesBenchResult {
  people: number;
  ratePerMinute: number;
  entry: { untilAllInMs: number; spanMs: number; runs: number };
  newsletter: PaceFigures;
  step: PaceFigures & { written: number };
  /** The step's rate over the newsletters' (1 = the same). */
  ratio: number;
  leads: { baseline: LoadResult; duringSend: LoadResult };
  /** The 1-minute load average at the start and end of each lead capture load. */
  leadsLoad?: { baseline: [number, number]; duringSend: [number, number] };
}

const loadNow = () => round(os.loadavg()[0]!, 2);

/** Runs `fn`, with the machine's load average at its start and end. */
async function underLoad<T>(fn: () => Promise<T>): Promise<{ value: T; load: [number, number] }> {
  const before = loadNow();
  const value = await fn();
  return { value, load: [before, loadNow()] };
}

/** Messages of `kind` the sink accepted over `seconds`, by their rows' sent time (the database clock). */
async function paceOf(client: pg.Client, kind: string, seconds: number): Promise<PaceFigures> {
  const before = loadNow();
  const from = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
  await sleep(seconds * 1000);
  const to = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
  const elapsed = (to.getTime() - from.getTime()) / 1000;
  const accepted = Number((await client.query("select count(*) from emails where kind = $1 and status = 'sent' and sent_at > $2 and sent_at <= $3", [kind, from, to])).rows[0].count);
  return { seconds: round(elapsed), accepted, perMinute: round((accepted / elapsed) * 60, 2), load: [before, loadNow()] };
}

/** Waits until `sql` (a count) reaches `wanted`, polling every 200 ms; answers the time it took. */
async function waitForCount(client: pg.Client, sql: string, wanted: number, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const count = Number((await client.query(sql)).rows[0].count);
    if (count >= wanted) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: ${count} of ${wanted} after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(200);
  }
}

/** The transactional e-mails of captured leads go first (their own queue): a window starts once they are out. */
async function waitForTransactionalBacklog(client: pg.Client): Promise<void> {
  const started = Date.now();
  while (
    Number((await client.query("select count(*) from emails where status = 'queued' and kind not in ('newsletter_issue', 'sequence_step')")).rows[0].count) > 0 &&
    Date.now() - started < 180_000
  ) {
    await sleep(1000);
  }
}

async function pauseDefaults(session: ApiSession): Promise<void> {
  const list = await session.expect<{ items: Array<{ id: number }> }>('GET', '/api/admin/sequences', undefined, [200]);
  for (const item of list.body.items) await session.expect('POST', `/api/admin/sequences/${item.id}/pause`, {}, [200]);
}

export async function benchSequences(options: { siteDistDir: string; durationS: number; paceSeconds: number; people: number }): Promise<SequencesBenchResult> {
  return withSendingServer({ name: 'sequences', ratePerMinute: RATE, siteDistDir: options.siteDistDir }, async ({ server, session, client }) => {
    // The defaults would take the same people in: this phase measures one sequence.
    await pauseDefaults(session);
    const sequence = await session.expect<{ id: number }>(
      'POST',
      '/api/admin/sequences',
      {
        name: 'Banc : absents',
        entry: { event: 'webinar_absent', afterMinutes: 0 },
        exitOn: ['call_booked'],
        window: ALWAYS,
        status: 'paused',
        steps: [
          { delayMinutes: 0, subject: 'Le replay vous attend', preview: 'Et la prochaine session.', body: 'Bonjour {{prenom}},\n\nLe replay est en ligne.\n\n{{prochains-webinaires}}', window: false },
        ],
      },
      [201],
    );

    // The newsletter outlasts its window by a minute (then ends before the step's window); everyone is absent from one session.
    const subscribers = Math.ceil((RATE / 60) * (options.paceSeconds + 60));
    if (options.people < subscribers) throw new Error(`sequences: ${options.people} people are fewer than the ${subscribers} subscribers a ${options.paceSeconds} s window needs`);
    await client.query(
      `insert into leads (first_name, email, type, source, newsletter_status, newsletter_token, newsletter_requested_at, newsletter_confirmed_at)
       select 'Absent' || n, 'absent-' || n || '@exemple.ch', 'contact', 'website', case when n <= $2 then 'subscribed' end,
              md5(n::text || random()::text), case when n <= $2 then now() end, case when n <= $2 then now() end
       from generate_series(1, $1::int) as n`,
      [options.people, subscribers],
    );
    const webinar = await client.query<{ id: number }>(`insert into webinars (title, datetime, duration) values ('Le bonheur des dirigeants', now() - interval '65 minutes', 60) returning id`);
    await client.query(`insert into webinar_registrations (webinar_id, lead_id, status) select $1, id, 'no-show' from leads where email like 'absent-%'`, [webinar.rows[0]!.id]);
    await client.query('analyze');

    log(`sequences: baseline lead capture, ${CONNECTIONS} connections, ${options.durationS} s`);
    const baseline = await underLoad(() =>
      load({ label: 'baseline', url: server.url, connections: CONNECTIONS, durationS: options.durationS, request: leadRequest(server.url, `base-${randomUUID().slice(0, 8)}`) as never }),
    );
    await waitForTransactionalBacklog(client);

    log(`sequences: the newsletters' rate at ${RATE}/min over ${options.paceSeconds} s (${subscribers} subscribers)`);
    const issue = await session.expect<{ id: number }>(
      'POST',
      '/api/admin/newsletters',
      { subject: 'Respirer avant de parler', preheader: 'Trois cycles suffisent.', body: '## Respirer\n\nTrois cycles.' },
      [201],
    );
    await session.expect('POST', `/api/admin/newsletters/${issue.body.id}/send`, {}, [202]);
    await waitForCount(client, "select count(*) from emails where kind = 'newsletter_issue' and status = 'sent'", 1, 60_000, 'first newsletter message');
    const newsletter = await paceOf(client, 'newsletter_issue', options.paceSeconds);
    log(`sequences: newsletter ${newsletter.accepted} accepted in ${newsletter.seconds} s (${newsletter.perMinute}/min)`);
    await waitForCount(client, "select count(*) from emails where kind = 'newsletter_issue' and status <> 'queued'", subscribers, 300_000, 'newsletter finished');

    log(`sequences: entering ${options.people.toLocaleString('en-US')} people`);
    const resumed = performance.now();
    await session.expect('POST', `/api/admin/sequences/${sequence.body.id}/resume`, {}, [200]);
    await waitForCount(client, `select count(*) from sequence_runs where sequence_id = ${Number(sequence.body.id)}`, options.people, 300_000, 'runs entered');
    const untilAllInMs = performance.now() - resumed;
    const span = await client.query<{ ms: number; runs: number }>(
      'select extract(epoch from max(entered_at) - min(entered_at)) * 1000 as ms, count(*)::int as runs from sequence_runs where sequence_id = $1',
      [sequence.body.id],
    );
    const entry = { untilAllInMs: round(untilAllInMs, 0), spanMs: round(Number(span.rows[0]!.ms), 0), runs: span.rows[0]!.runs };
    log(`sequences: ${entry.runs} runs in ${entry.untilAllInMs} ms from the resume (entry times spread over ${entry.spanMs} ms)`);

    log(`sequences: the step's rate at ${RATE}/min over ${options.paceSeconds} s`);
    await waitForCount(client, "select count(*) from emails where kind = 'sequence_step' and status = 'sent'", 1, 120_000, 'first step message');
    const stepPace = await paceOf(client, 'sequence_step', options.paceSeconds);
    const written = Number((await client.query("select count(*) from emails where kind = 'sequence_step'")).rows[0].count);
    const ratio = round(stepPace.perMinute / newsletter.perMinute, 4);
    log(`sequences: step ${stepPace.accepted} accepted in ${stepPace.seconds} s (${stepPace.perMinute}/min; ${ratio} × the newsletter's)`);

    log(`sequences: lead capture while the step is sending, ${CONNECTIONS} connections, ${options.durationS} s`);
    const duringSend = await underLoad(() =>
      load({ label: 'during send', url: server.url, connections: CONNECTIONS, durationS: options.durationS, request: leadRequest(server.url, `send-${randomUUID().slice(0, 8)}`) as never }),
    );
    return {
      people: options.people,
      ratePerMinute: RATE,
      entry,
      newsletter,
      step: { ...stepPace, written },
      ratio,
      leads: { baseline: baseline.value, duringSend: duringSend.value },
      leadsLoad: { baseline: baseline.load, duringSend: duringSend.load },
    };
  });
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value}`;
const loads = (load: [number, number] | undefined) => (load ? `${load[0]} → ${load[1]}` : 'not recorded');
/** How far a measured rate is from the cap, in percent. */
const fromCap = (perMinute: number, cap: number) => round(((perMinute - cap) / cap) * 100, 2);

/** For the missed rate: each side against the cap, with the machine's load during its window (the machine is shared). */
export function sequencesWhatWouldReach(result: SequencesBenchResult, cpus: number): string {
  const { step, newsletter, ratePerMinute: cap } = result;
  const stepOff = fromCap(step.perMinute, cap);
  const newsletterOff = fromCap(newsletter.perMinute, cap);
  const parts = [
    `Against the cap of ${cap}/min: the step ${signed(stepOff)} % (load average ${loads(step.load)}), the newsletter ${signed(newsletterOff)} % (load average ${loads(newsletter.load)}), on ${cpus} cores.`,
  ];
  if (stepOff > SEQUENCE_RATE_TOLERANCE_PERCENT) {
    parts.push(
      'The step went over the cap: its pace is set when the cron writes the e-mails (a send time each, 60 s / cap apart), and the outbox sends a late one at once, so once it has fallen behind those times (a loaded machine) it catches up above the cap.',
      '**What would reach it:** pace the step when it is sent, as the newsletter does (a slot reserved on a pacing row by the database clock, decision 112), or start each run of the cron from where the outbox has actually got to rather than from the last send time written.',
    );
  }
  if (newsletterOff < -SEQUENCE_RATE_TOLERANCE_PERCENT) {
    parts.push('The newsletter fell under the cap: one message at a time per instance, slowed by the load. **What would reach it:** re-run on a quiet machine, both windows at the same load.');
  }
  if (parts.length === 1) parts.push('**What would reach it:** re-run on a quiet machine, both windows at the same load.');
  return parts.join(' ');
}

export function sequencesTargets(result: SequencesBenchResult): Target[] {
  const { step, newsletter, leads, entry } = result;
  const deviation = round((result.ratio - 1) * 100, 2);
  return [
    {
      area: 'Sequences',
      target: `Entering ${result.people.toLocaleString('en-US')} people (the every-minute cron, from the resume)`,
      measured: `${ms(entry.untilAllInMs)} until all ${entry.runs.toLocaleString('en-US')} were in; entry times spread over ${ms(entry.spanMs)}`,
      met: undefined,
      reportedOnly: true,
    },
    {
      area: 'Sequences',
      target: `A step due for all of them sends within ${SEQUENCE_RATE_TOLERANCE_PERCENT} % of the newsletters' rate (same run, same cap ${result.ratePerMinute}/min)`,
      measured: `${step.perMinute}/min (${step.accepted.toLocaleString('en-US')} in ${step.seconds} s) vs ${newsletter.perMinute}/min (${newsletter.accepted.toLocaleString('en-US')} in ${newsletter.seconds} s): ratio ${result.ratio} (${signed(deviation)} %)`,
      met: Math.abs(deviation) <= SEQUENCE_RATE_TOLERANCE_PERCENT,
      why:
        'Each run of the cron writes at most the cap, their send times spread 60 s / cap apart after the last step still waiting in the outbox (decision 150); the outbox sends each at its time. ' +
        'The newsletter reserves its slots on its pacing row and sends one message at a time per instance (decision 112). The two paces are separate: each is measured alone here, one after the other. ',
    },
    {
      area: 'Sequences',
      target: 'Lead capture during a sequence step send beside its baseline (p99)',
      measured: `p99 ${ms(leads.duringSend.p99Ms)} during the send (${leads.duringSend.requestsPerSec} req/s, load average ${loads(result.leadsLoad?.duringSend)}) vs ${ms(leads.baseline.p99Ms)} before (${leads.baseline.requestsPerSec} req/s, load average ${loads(result.leadsLoad?.baseline)})`,
      met: undefined,
      reportedOnly: true,
    },
  ];
}

export function renderSequencesSection(result: SequencesBenchResult, heading: string): string[] {
  const { step, newsletter, leads, entry } = result;
  const row = (label: string, item: LoadResult) => `| ${label} | ${item.connections} | ${item.requestsPerSec} | ${item.p50Ms} | ${item.p99Ms} | ${item.maxMs} | ${item.ok} | ${item.non2xx} |`;
  return [
    heading,
    '',
    `\`npm start\` on PostgreSQL with its workers and crons, sending to a local SMTP sink (smtp-server over TCP), NEWSLETTER_RATE_PER_MINUTE=${result.ratePerMinute}. ${result.people.toLocaleString('en-US')} contacts marked absent from a session that ended 5 minutes before; a sequence on \`webinar_absent\` (one step, no delay, no sending window) made paused through the API, the defaults paused. First a newsletter issue to enough of them to outlast the window, its messages accepted counted by their rows' sent time; once it is over, the sequence resumed, the time until the \`sequences\` cron (every minute) has entered everyone, then the step's messages accepted over the same window; lead capture loaded with autocannon before anything is sent and while the step is sending.`,
    '',
    '| Measure | Result |',
    '| --- | --- |',
    `| entering ${result.people.toLocaleString('en-US')} people: from the resume until all are in (the cron's minute included) | ${ms(entry.untilAllInMs)} (${entry.runs.toLocaleString('en-US')} runs) |`,
    `| the same: first to last entry time (the cron's work) | ${ms(entry.spanMs)} |`,
    `| newsletter messages accepted over ${newsletter.seconds} s (load average ${loads(newsletter.load)}) | ${newsletter.accepted.toLocaleString('en-US')} (${newsletter.perMinute}/min) |`,
    `| step messages accepted over ${step.seconds} s (load average ${loads(step.load)}) | ${step.accepted.toLocaleString('en-US')} (${step.perMinute}/min; ${step.written.toLocaleString('en-US')} written to the outbox by then) |`,
    `| step rate / newsletter rate | ${result.ratio} |`,
    '',
    '| Lead capture (`POST /api/leads`) | Connections | req/s | p50 (ms) | p99 (ms) | max (ms) | 2xx | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    row(`baseline, same server, before any send (load average ${loads(result.leadsLoad?.baseline)})`, leads.baseline),
    row(`while the step is sending (load average ${loads(result.leadsLoad?.duringSend)})`, leads.duringSend),
    '',
  ];
}
