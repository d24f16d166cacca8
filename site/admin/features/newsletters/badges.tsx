/** An issue's state and a recipient's status, in French, with their colour. */
import { NEWSLETTER_RECIPIENT_STATUS_LABELS, type NewsletterRecipientStatus } from '#contract/newsletters';
import { NEWSLETTER_ISSUE_STATUS_LABELS, type NewsletterIssueStatus } from '#contract';
import { Badge } from '../../ui/primitives.tsx';

const issueTones: Record<NewsletterIssueStatus, 'gray' | 'blue' | 'amber' | 'green' | 'red' | 'indigo'> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'indigo',
  paused: 'amber',
  sent: 'green',
  cancelled: 'red',
};

const recipientTones: Record<NewsletterRecipientStatus, 'amber' | 'green' | 'red' | 'gray'> = {
  queued: 'amber',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function NewsletterStatusBadge({ status }: { status: NewsletterIssueStatus }) {
  return <Badge tone={issueTones[status] ?? 'gray'}>{NEWSLETTER_ISSUE_STATUS_LABELS[status] ?? status}</Badge>;
}

export function RecipientStatusBadge({ status }: { status: NewsletterRecipientStatus }) {
  return <Badge tone={recipientTones[status] ?? 'gray'}>{NEWSLETTER_RECIPIENT_STATUS_LABELS[status] ?? status}</Badge>;
}
