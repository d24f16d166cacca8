/**
 * The sequences' e-mail kinds (docs/decisions/150-sequences-engine.md): a step to one contact, and its
 * test send. A step's row is written with the run and step ids only; `beforeSending` reads the step's
 * text as it is then (an edit changes what is sent from then on), checks the run again (exited, exit
 * event reached, marketing refused, step deleted: cancelled with the reason) and fills the blocks.
 */
import type { Knex } from 'knex';
import { fill } from '../../platform/mail/content.ts';
import type { EmailDocument } from '../../platform/mail/layout.ts';
import type { ComposeContext, EmailKind, EmailKindDefinition, QueuedEmail, SendDecision } from '../../platform/mail/kinds.ts';
import { blockFacts, issueBlocks, type NewsletterWording } from '../newsletters/index.ts';
import { marketingUnsubscribeUrl, type UpcomingSession } from '../webinars/index.ts';
import { SEQUENCE_BLOCKS, SEQUENCE_EXIT_REASON_LABELS, type SequenceExitReason } from './contract/index.ts';
import { exitReasonSql } from './events.ts';
import type { SequenceWording } from './email-wording.ts';

type Wording = SequenceWording & NewsletterWording;
type Kind<Data> = EmailKindDefinition<Data, Wording>;

/** What the outbox row stores: which run and step (the rest is read just before sending). */
export interface SequenceStepRef {
  runId: number;
  stepId: number;
  sequenceId: number;
}

/** The facts a step's message is written from. */
export interface SequenceStepEmailData extends Partial<SequenceStepRef> {
  subject: string;
  preview: string;
  body: string;
  firstName: string | null;
  /** The contact, for their signed links and unsubscribe; absent in a test or a preview. */
  leadId?: number;
  transactional: boolean;
  /** `utm_campaign` of our own links. */
  campaign: string;
  webinars: UpcomingSession[];
}

/** `{{prenom}}` → the first name, its Markdown characters escaped (a name is text, never markup). */
export function withFirstName(body: string, firstName: string | null): string {
  const name = (firstName ?? '').replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (character) => `\\${character}`);
  return body
    .split(SEQUENCE_BLOCKS.firstName)
    .join(name)
    .replace(/Bonjour ,/g, 'Bonjour,');
}

export function stepDocument(data: SequenceStepEmailData, context: ComposeContext<Wording>, test: boolean): EmailDocument {
  const copy = context.content.sequenceStep;
  const body = withFirstName(data.body, data.firstName);
  const blocks = issueBlocks({ issueId: 0, subject: data.subject, preheader: data.preview, body, campaign: data.campaign, leadId: data.leadId, webinars: data.webinars }, context);
  const last: EmailDocument['blocks'] = data.transactional
    ? [{ type: 'paragraph', text: copy.transactionalNotice }]
    : context.linkSecret && data.leadId !== undefined
      ? [{ type: 'button', label: copy.unsubscribeLabel, url: marketingUnsubscribeUrl(context.publicUrl, context.linkSecret, data.leadId), hint: copy.unsubscribeText }]
      : [{ type: 'paragraph', text: copy.unsubscribeText }];
  return {
    subject: test ? fill(copy.testSubject, { subject: data.subject }) : data.subject,
    preview: data.preview,
    blocks: [...(test ? [{ type: 'paragraph' as const, text: copy.testNotice }] : []), ...blocks, ...last],
    signature: [context.content.signature],
    footer: context.content.footer,
  };
}

export const CANCELLED_REASONS = {
  gone: 'Le parcours ou la séquence n’existe plus.',
  stepDeleted: 'Étape supprimée avant l’envoi.',
  exited: (reason: SequenceExitReason) => `Sortie de la séquence : ${SEQUENCE_EXIT_REASON_LABELS[reason]}.`,
} as const;

interface CheckedRow {
  runState: string;
  runExitReason: SequenceExitReason | null;
  exitNow: SequenceExitReason | null;
  stepDeleted: boolean;
  subject: string;
  preview: string;
  body: string;
  entryEvent: string;
  firstName: string;
  leadId: number;
}

/** Just before a step goes: the run still on, no exit reached, the step's text as it is now. */
export async function beforeSendingStep(db: Knex, email: QueuedEmail): Promise<SendDecision> {
  const ref = email.data as SequenceStepRef;
  const { rows } = await db.raw<{ rows: CheckedRow[] }>(
    `select r.state as "runState", r.exit_reason as "runExitReason", ${exitReasonSql()} as "exitNow",
        st.deleted_at is not null as "stepDeleted", st.subject, st.preview, st.body_markdown as body,
        s.entry_event as "entryEvent", l.first_name as "firstName", l.id as "leadId"
     from sequence_runs r join sequences s on s.id = r.sequence_id join leads l on l.id = r.lead_id
       join sequence_steps st on st.id = ? and st.sequence_id = s.id
     where r.id = ?`,
    [ref.stepId, ref.runId],
  );
  const row = rows[0];
  if (!row) return { cancel: CANCELLED_REASONS.gone };
  if (row.runState === 'exited') return { cancel: CANCELLED_REASONS.exited(row.runExitReason ?? 'stopped') };
  if (row.exitNow) return { cancel: CANCELLED_REASONS.exited(row.exitNow) };
  if (row.stepDeleted) return { cancel: CANCELLED_REASONS.stepDeleted };
  const data: SequenceStepEmailData = {
    ...ref,
    subject: row.subject,
    preview: row.preview,
    body: row.body,
    firstName: row.firstName,
    leadId: row.leadId,
    transactional: row.entryEvent === 'invoice_paid',
    campaign: `sequence-${ref.sequenceId}`,
    ...(await blockFacts(db, row.body)),
  };
  return { send: data };
}

export const sequenceEmailKinds = {
  sequence_step: {
    document: (data, context) => stepDocument(data, context, false),
    // RFC 8058 one-click on every marketing step: the webinars' marketing unsubscribe (decision 091).
    headers: (data, context): Record<string, string> => {
      if (data.transactional || !context.linkSecret || !context.leadId) return {};
      return { 'List-Unsubscribe': `<${marketingUnsubscribeUrl(context.publicUrl, context.linkSecret, context.leadId)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    },
    beforeSending: beforeSendingStep,
  } satisfies Kind<SequenceStepEmailData>,
  sequence_test: {
    document: (data, context) => stepDocument(data, context, true),
  } satisfies Kind<SequenceStepEmailData>,
} satisfies Partial<Record<EmailKind, Kind<any>>>;
