/** Kind and status of an e-mail, in French, with the status's colour. */
import { EMAIL_KIND_LABELS, EMAIL_STATUS_LABELS, type EmailKindValue, type EmailStatusValue } from '#contract';
import { Badge } from '../../ui/primitives.tsx';

const statusTones: Record<EmailStatusValue, 'amber' | 'green' | 'red' | 'gray'> = {
  queued: 'amber',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function EmailStatusBadge({ status }: { status: EmailStatusValue }) {
  return <Badge tone={statusTones[status] ?? 'gray'}>{EMAIL_STATUS_LABELS[status] ?? status}</Badge>;
}

export function emailKindLabel(kind: string): string {
  return EMAIL_KIND_LABELS[kind as EmailKindValue] ?? kind;
}
