/**
 * The team alert: one contact's submission, or several grouped in one message (decision 088), with a
 * link to the contact. Written to the team, so the typed fields are shown as typed.
 */
import type { CommonWording } from '../../../platform/mail/content.ts';
import type { ContactsWording } from './email-wording.ts';
import { fill } from '../../../platform/mail/content.ts';
import type { Block, EmailDocument } from '../../../platform/mail/layout.ts';
import { swissDateTime } from '../../../platform/mail/dates.ts';

/** One submission a team alert reports (decision 088). */
export interface TeamAlertSubmission {
  submission: 'contact' | 'webinar';
  /** What was typed this time (the submission's note). */
  message: string | null;
  webinarTitle: string | null;
  outcome: keyof ContactsWording['teamAlert']['outcomes'] | null;
  /** When it arrived (ISO); null for an alert written before grouping. */
  at: string | null;
  /** The `emails-prepare` job that added it (a job run twice adds it once). */
  job: string | null;
}

/** The top-level fields describe the latest submission; `submissions` lists every one the alert covers. */
export interface TeamAlertData {
  submission: 'contact' | 'webinar';
  lead: { id: number; firstName: string; lastName: string | null; email: string; phone: string | null; company: string | null; message: string | null };
  webinarTitle: string | null;
  outcome: keyof ContactsWording['teamAlert']['outcomes'] | null;
  /** Absent on alerts written before grouping (one submission each). */
  submissions?: TeamAlertSubmission[];
}

export function teamAlertDocument(facts: TeamAlertData, content: CommonWording & ContactsWording, publicUrl: string): EmailDocument {
  const copy = content.teamAlert;
  const name = [facts.lead.firstName, facts.lead.lastName].filter(Boolean).join(' ');
  const values = { name };
  const present = (rows: Array<{ label: string; value: string | null; href?: string }>) => rows.filter((row): row is { label: string; value: string; href?: string } => Boolean(row.value));
  const person = [
    { label: copy.labels.name, value: name },
    { label: copy.labels.email, value: facts.lead.email, href: `mailto:${facts.lead.email}` },
    { label: copy.labels.phone, value: facts.lead.phone },
    { label: copy.labels.company, value: facts.lead.company },
  ];
  const covered = facts.submissions ?? [];
  let doc: EmailDocument;
  if (covered.length > 1) {
    // Several submissions of one contact in one alert (decision 088): how many, since when, and each one.
    const first = covered.find((item) => item.at)?.at;
    const grouped = { name, count: String(covered.length), since: first ? swissDateTime(new Date(first)) : '' };
    const blocks: Block[] = [
      { type: 'paragraph', text: fill(copy.groupedIntro, grouped) },
      { type: 'facts', rows: present(person) },
    ];
    covered.forEach((item, index) => {
      blocks.push({
        type: 'facts',
        rows: present([
          { label: fill(copy.groupedItem, { number: String(index + 1), count: grouped.count }), value: copy.kinds[item.submission] },
          { label: copy.labels.receivedAt, value: item.at ? swissDateTime(new Date(item.at)) : null },
          { label: copy.labels.webinar, value: item.webinarTitle },
          { label: copy.labels.outcome, value: item.outcome ? copy.outcomes[item.outcome] : null },
          { label: copy.labels.message, value: item.message },
        ]),
      });
    });
    blocks.push({ type: 'button', label: copy.button, url: `${publicUrl}/admin/leads/${facts.lead.id}` });
    doc = { subject: fill(copy.groupedSubject, grouped), preview: fill(copy.groupedPreview, grouped), blocks, signature: [content.signature], footer: content.footer };
  } else {
    const rows = present([
      ...person,
      { label: copy.labels.webinar, value: facts.webinarTitle },
      { label: copy.labels.outcome, value: facts.outcome ? copy.outcomes[facts.outcome] : null },
      { label: copy.labels.message, value: facts.lead.message },
    ]);
    doc = {
      subject: fill(facts.submission === 'webinar' ? copy.webinarSubject : copy.contactSubject, values),
      preview: fill(copy.preview, values),
      blocks: [
        { type: 'paragraph', text: fill(facts.submission === 'webinar' ? copy.webinarIntro : copy.contactIntro, values) },
        { type: 'facts', rows },
        { type: 'button', label: copy.button, url: `${publicUrl}/admin/leads/${facts.lead.id}` },
      ],
      signature: [content.signature],
      footer: content.footer,
    };
  }
  return doc;
}
