/**
 * Phase `newsletter` of `npm run bench` (decision 112): `npm start` on PostgreSQL with its workers,
 * sending to a local SMTP sink (smtp-server over TCP):
 *   1. preparing 10,000 recipients: `POST /api/admin/newsletters/{id}/send` (the one-statement
 *      snapshot), target < 5 s;
 *   2. lead capture (`POST /api/leads`, 50 connections) while the issue is sending, beside its baseline
 *      measured on the same server just before the send;
 *   3. the pace at a raised cap (NEWSLETTER_RATE_PER_MINUTE=300): issue messages accepted by the sink
 *      over five minutes (one with --quick), by their rows' sent time, target within 5 % of the cap.
 */
import { randomUUID } from 'node:crypto';
import { load, type LoadResult } from './lib/load.ts';
import { log, round } from './lib/util.ts';
import { ms, type Target } from './lib/report-format.ts';
import { leadRequest, withSendingServer } from './lib/sending-server.ts';

export const NEWSLETTER_RECIPIENTS = 10_000;
export const NEWSLETTER_SNAPSHOT_TARGET_MS = 5_000;
export const NEWSLETTER_PACE_TOLERANCE_PERCENT = 5;
// Five times the default: one instance's pace, about 100 ms per message here (decision 112).
const RATE = 300;
const CONNECTIONS = 50;

export interface NewsletterBenchResult {
  recipients: number;
  snapshotMs: number;
  rowsWritten: number;
  pace: { ratePerMinute: number; seconds: number; expected: number; accepted: number; deviationPercent: number };
  leads: { baseline: LoadResult; duringSend: LoadResult };
}

export async function benchNewsletter(options: { siteDistDir: string; durationS: number; paceSeconds: number }): Promise<NewsletterBenchResult> {
  return withSendingServer({ name: 'newsletter', ratePerMinute: RATE, siteDistDir: options.siteDistDir }, async ({ server, session, client }) => {
    await client.query(
      `insert into leads (first_name, email, type, source, newsletter_status, newsletter_token, newsletter_requested_at, newsletter_confirmed_at)
       select 'Abonné' || n, 'abonne-' || n || '@exemple.ch', 'contact', 'website', 'subscribed', md5(n::text || random()::text), now(), now() from generate_series(1, $1::int) as n`,
      [NEWSLETTER_RECIPIENTS],
    );
    await client.query('analyze leads');

    log(`newsletter: baseline lead capture, ${CONNECTIONS} connections, ${options.durationS} s`);
    const baseline = await load({
      label: 'baseline',
      url: server.url,
      connections: CONNECTIONS,
      durationS: options.durationS,
      request: leadRequest(server.url, `base-${randomUUID().slice(0, 8)}`) as never,
    });

    const issue = await session.expect<{ id: number }>(
      'POST',
      '/api/admin/newsletters',
      { subject: 'Respirer avant de parler', preheader: 'Trois cycles suffisent.', body: '## Respirer\n\nTrois cycles de respiration carrée.\n\n{{prochains-webinaires}}' },
      [201],
    );
    const sent = await session.expect('POST', `/api/admin/newsletters/${issue.body.id}/send`, {}, [202]);
    const rowsWritten = Number((await client.query("select count(*) from emails where kind = 'newsletter_issue'")).rows[0].count);
    log(`newsletter: ${rowsWritten} recipients prepared in ${round(sent.ms)} ms`);

    log(`newsletter: lead capture while sending, ${CONNECTIONS} connections, ${options.durationS} s`);
    const duringSend = await load({
      label: 'during send',
      url: server.url,
      connections: CONNECTIONS,
      durationS: options.durationS,
      request: leadRequest(server.url, `send-${randomUUID().slice(0, 8)}`) as never,
    });

    // Counted by the rows' sent time (the database clock): the sink also receives the transactional
    // e-mails of the leads captured above (acknowledgements, team alerts), which are not paced.
    // The leads captured above leave thousands of transactional e-mails to send first (their own queue,
    // never behind the newsletter): the pace is measured once they are out, sharing the machine with nothing.
    const backlogStarted = Date.now();
    while (Number((await client.query("select count(*) from emails where status = 'queued' and kind <> 'newsletter_issue'")).rows[0].count) > 0 && Date.now() - backlogStarted < 180_000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    log(`newsletter: transactional backlog of the captured leads sent in ${round((Date.now() - backlogStarted) / 1000)} s`);
    log(`newsletter: pace at ${RATE}/min over ${options.paceSeconds} s`);
    const from = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
    await new Promise((resolve) => setTimeout(resolve, options.paceSeconds * 1000));
    const to = (await client.query<{ now: Date }>('select now()')).rows[0]!.now;
    const seconds = (to.getTime() - from.getTime()) / 1000;
    const accepted = Number((await client.query("select count(*) from emails where kind = 'newsletter_issue' and status = 'sent' and sent_at > $1 and sent_at <= $2", [from, to])).rows[0].count);
    const expected = (RATE / 60) * seconds;
    const pace = { ratePerMinute: RATE, seconds: round(seconds), expected: round(expected, 0), accepted, deviationPercent: round(((accepted - expected) / expected) * 100, 2) };
    log(`newsletter: ${accepted} accepted in ${round(seconds)} s (expected ${round(expected, 0)}, ${pace.deviationPercent} %)`);
    return { recipients: NEWSLETTER_RECIPIENTS, snapshotMs: round(sent.ms), rowsWritten, pace, leads: { baseline, duringSend } };
  });
}

export function newsletterTargets(result: NewsletterBenchResult): Target[] {
  const { pace, leads } = result;
  return [
    {
      area: 'Newsletter',
      target: `Preparing ${result.recipients.toLocaleString('en-US')} recipients (POST …/send, one INSERT … SELECT) < ${NEWSLETTER_SNAPSHOT_TARGET_MS / 1000} s`,
      measured: `${ms(result.snapshotMs)} for ${result.rowsWritten.toLocaleString('en-US')} rows`,
      met: result.snapshotMs < NEWSLETTER_SNAPSHOT_TARGET_MS && result.rowsWritten === result.recipients,
    },
    {
      area: 'Newsletter',
      target: `Sending at the cap (${pace.ratePerMinute}/min) within ${NEWSLETTER_PACE_TOLERANCE_PERCENT} % over ${Math.round(pace.seconds / 60)} min`,
      measured: `${pace.accepted.toLocaleString('en-US')} accepted in ${pace.seconds} s for ${pace.expected.toLocaleString('en-US')} expected (${pace.deviationPercent} %)`,
      met: Math.abs(pace.deviationPercent) <= NEWSLETTER_PACE_TOLERANCE_PERCENT,
      why:
        `One message at a time per instance (so a kill duplicates at most one), each reserving its slot on the pacing row by the database clock (decision 112): ${round((pace.seconds * 1000) / Math.max(1, pace.accepted))} ms per message here on average. ` +
        "Slots follow a grid a step apart, so a start made late by the machine (the transactional e-mails of the leads captured just before share the process) is made up by the next one; the past minute's starts on the same row keep any sliding minute within the cap. " +
        'Writing one message takes about 4 ms (Markdown 2.3 ms, React Email 1.6 ms, measured apart), so one instance can keep a cap far above this one; more instances add their own sending, never beyond the cap.',
    },
    {
      area: 'Newsletter',
      target: 'Lead capture during a send beside its baseline (p99)',
      measured: `p99 ${ms(leads.duringSend.p99Ms)} during the send (${leads.duringSend.requestsPerSec} req/s) vs ${ms(leads.baseline.p99Ms)} before (${leads.baseline.requestsPerSec} req/s)`,
      met: undefined,
      reportedOnly: true,
    },
  ];
}

export function renderNewsletterSection(result: NewsletterBenchResult | undefined, heading: string): string[] {
  if (!result) return [];
  const { pace, leads } = result;
  const row = (label: string, item: LoadResult) => `| ${label} | ${item.connections} | ${item.requestsPerSec} | ${item.p50Ms} | ${item.p99Ms} | ${item.maxMs} | ${item.ok} | ${item.non2xx} |`;
  return [
    heading,
    '',
    `\`npm start\` on PostgreSQL with its workers, sending to a local SMTP sink (smtp-server over TCP). ${result.recipients.toLocaleString('en-US')} confirmed subscribers; the issue is sent through the API, lead capture is loaded with autocannon before and while the issue is sending, then the messages accepted by the sink are counted over a window at NEWSLETTER_RATE_PER_MINUTE=${pace.ratePerMinute}.`,
    '',
    '| Measure | Result |',
    '| --- | --- |',
    `| preparing ${result.recipients.toLocaleString('en-US')} recipients (\`POST …/send\`) | ${ms(result.snapshotMs)} (${result.rowsWritten.toLocaleString('en-US')} rows) |`,
    `| messages accepted over ${pace.seconds} s at ${pace.ratePerMinute}/min | ${pace.accepted.toLocaleString('en-US')} for ${pace.expected.toLocaleString('en-US')} expected (${pace.deviationPercent} %) |`,
    '',
    '| Lead capture (`POST /api/leads`) | Connections | req/s | p50 (ms) | p99 (ms) | max (ms) | 2xx | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    row('baseline, same server, before the send', leads.baseline),
    row('while the issue is sending', leads.duringSend),
    '',
  ];
}
