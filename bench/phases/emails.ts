/**
 * The e-mail pipeline (bench/emails.ts): from a sign-up's 201 to the SMTP sink accepting its
 * confirmation, and a backlog of 10,000 drained three times through one instance (its memory).
 */
import { benchEmails, renderEmailsSection, EMAIL_DRAIN_TARGET_PER_S, EMAIL_FLAT_RSS_PERCENT, EMAIL_LATENCY_TARGET_P95_MS, type EmailsResult } from '../emails.ts';
import { ms, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

export const emailsPhase = definePhase({
  name: 'emails',
  key: 'emails',
  run: (context) => benchEmails({ siteDistDir: context.siteDistDir }),
  targets: (emails) => emailTargets(emails),
  report: (emails, measured) => renderEmailsSection(emails, `## 7. E-mail pipeline ${measured}`),
});

export function emailTargets(emails: EmailsResult): Target[] {
  const [first, second, third] = emails.drains;
  const targets: Target[] = [
    {
      area: 'E-mails',
      target: `sign-up → SMTP accepted p95 < ${EMAIL_LATENCY_TARGET_P95_MS / 1000} s at ${emails.latency.perSecond} sign-ups/s`,
      measured: `${ms(emails.latency.p95Ms)} (p50 ${ms(emails.latency.p50Ms)}, max ${ms(emails.latency.maxMs)})`,
      met: emails.latency.p95Ms < EMAIL_LATENCY_TARGET_P95_MS,
      why: 'Each sign-up queues a prepare job (the e-mail rows), whose worker queues one send job per row; the workers poll every second and are also woken by LISTEN/NOTIFY.',
    },
  ];
  if (first) {
    targets.push({
      area: 'E-mails',
      target: `backlog of ${first.emails.toLocaleString('en-US')} drains at ≥ ${EMAIL_DRAIN_TARGET_PER_S}/s`,
      measured: `${first.perSecond}/s (${first.seconds} s)${
        emails.drains.length > 1
          ? `, then ${emails.drains
              .slice(1)
              .map((drain) => `${drain.perSecond}/s`)
              .join(', ')}`
          : ''
      }`,
      met: emails.drains.every((drain) => drain.perSecond >= EMAIL_DRAIN_TARGET_PER_S),
      why: 'Sends run in batches of 10 jobs with one SMTP connection pool; each sent e-mail is one UPDATE of its row and the job completion.',
    });
  }
  if (first && second && third) {
    const growth = ((third.rssAfterMiB - second.rssAfterMiB) / second.rssAfterMiB) * 100;
    targets.push({
      area: 'E-mails',
      target: `worker memory flat: once warm, another backlog of ${third.emails.toLocaleString('en-US')} adds < ${EMAIL_FLAT_RSS_PERCENT} % RSS (backlog 3 against backlog 2)`,
      measured: `RSS ${first.rssBeforeMiB} → ${first.rssAfterMiB} MiB (fresh start), → ${second.rssAfterMiB} MiB, → ${third.rssAfterMiB} MiB (${growth >= 0 ? '+' : ''}${growth.toFixed(2)} %)`,
      met: growth < EMAIL_FLAT_RSS_PERCENT,
      why:
        'The first drain grows the process from a fresh start to the heap V8 keeps for this work, and the second still settles it a little; a leak would add about as much with every further backlog (100 bytes kept per e-mail is 1 MiB per backlog). ' +
        '**What would reach it:** heap snapshots of the instance before and after a backlog (`node --heapsnapshot-signal=SIGUSR2`), compared by retained size, name what each e-mail leaves behind.',
    });
  }
  return targets;
}
