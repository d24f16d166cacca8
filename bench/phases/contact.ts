/**
 * Opening a contact (bench/contact.ts): the calls its page makes, sent together, for a contact with 5
 * activities and one with 5,000 (decision 089).
 */
import { benchContact, renderContactSection, CONTACT_TARGET_P95_MS, type ContactResult } from '../contact.ts';
import { ms, type Target } from '../lib/report-format.ts';
import { definePhase } from '../phase.ts';

export const contactPhase = definePhase({
  name: 'contact',
  key: 'contact',
  run: (context) => benchContact({ siteDistDir: context.siteDistDir, samples: context.quick ? 10 : 30 }),
  targets: (contact) => contactTargets(contact),
  report: (contact, measured) => renderContactSection(contact, `## 8. Opening a contact ${measured}`),
});

export function contactTargets(result: ContactResult): Target[] {
  const large = result.cases.find((item) => item.activities === 5000);
  const small = result.cases.find((item) => item.activities === 5);
  if (!large) return [];
  return [
    {
      area: 'Contact page',
      target: `A contact with 5,000 activities opens (every call of the page) in p95 < ${CONTACT_TARGET_P95_MS} ms`,
      measured: large.error ? `failed: ${large.error}` : `${ms(large.p95Ms)} (p50 ${ms(large.p50Ms)}; with 5 activities: p95 ${small ? ms(small.p95Ms) : '-'})`,
      met: !large.error && large.p95Ms < CONTACT_TARGET_P95_MS,
      why: `Activities, e-mails and registrations come one page of 20 at a time, read through the (lead_id, created_at desc, id desc) indexes (decision 089): the activities answer is ${large.activitiesBytes.toLocaleString('en-US')} bytes whatever the count.`,
    },
  ];
}
