/** Labels and coloured badges of the closed lists (lead source and status, registration and activity status). */
import {
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_TYPE_LABELS,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  REGISTRATION_STATUS_LABELS,
  type ActivityStatus,
  type ActivityType,
  type LeadSource,
  type LeadStatus,
  type RegistrationStatus,
} from '#contract';
import { Badge } from './primitives.tsx';

/** The source's label; a contact without a source shows `fallback`. */
export function sourceLabel(source: LeadSource | null, fallback = 'Formulaire'): string {
  return source ? LEAD_SOURCE_LABELS[source] : fallback;
}

/** `className="max-w-full"` in a narrow column: the label is cut with an ellipsis, whole in `title`. */
export function SourceBadge({ source, className }: { source: LeadSource | null; className?: string }) {
  const label = sourceLabel(source);
  return (
    <Badge tone={source === 'webinar' ? 'violet' : 'gray'} className={className}>
      <span className="truncate" title={label}>
        {label}
      </span>
    </Badge>
  );
}

const statusTones: Record<LeadStatus, 'blue' | 'amber' | 'green' | 'gray'> = {
  new: 'blue',
  contacted: 'amber',
  qualified: 'green',
  unqualified: 'gray',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={statusTones[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

const registrationTones: Record<RegistrationStatus, 'blue' | 'green' | 'red' | 'amber' | 'gray'> = {
  registered: 'blue',
  attended: 'green',
  'no-show': 'red',
  waitlisted: 'amber',
  cancelled: 'gray',
};

/** Inscrit (blue), Présent (green), Absent (red), En liste d'attente (amber), Annulé (gray). */
export function RegistrationBadge({ status }: { status: RegistrationStatus }) {
  return <Badge tone={registrationTones[status] ?? 'gray'}>{REGISTRATION_STATUS_LABELS[status] ?? status}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'gray'}>{active ? 'Actif' : 'Inactif'}</Badge>;
}

export function activityTypeLabel(type: ActivityType): string {
  return ACTIVITY_TYPE_LABELS[type];
}

const activityTones: Record<ActivityStatus, 'blue' | 'amber' | 'green' | 'gray'> = {
  planned: 'blue',
  in_progress: 'amber',
  completed: 'green',
  cancelled: 'gray',
};

export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  return <Badge tone={activityTones[status]}>{ACTIVITY_STATUS_LABELS[status]}</Badge>;
}
