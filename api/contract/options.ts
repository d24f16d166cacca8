/**
 * The closed lists of values, with their French labels. The database CHECK
 * constraints (migrations/20261121000001_initial_schema.ts) hold the very same values.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'unqualified'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'Nouveau',
  contacted: 'Contacté',
  qualified: 'Qualifié',
  unqualified: 'Non qualifié',
};

export const LEAD_SOURCES = ['form', 'webinar', 'referral', 'website', 'social', 'other'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  form: 'Formulaire',
  webinar: 'Webinaire',
  referral: 'Recommandation',
  website: 'Site web',
  social: 'Réseaux sociaux',
  other: 'Autre',
};

export const LEAD_TYPES = ['contact', 'webinar'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const LEAD_TYPE_LABELS: Record<LeadType, string> = {
  contact: 'Contact',
  webinar: 'Webinaire',
};

export const ACTIVITY_TYPES = ['note', 'call', 'email', 'meeting', 'task'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  note: 'Note',
  call: 'Appel',
  email: 'Email',
  meeting: 'Réunion',
  task: 'Tâche',
};

export const ACTIVITY_STATUSES = ['planned', 'in_progress', 'completed', 'cancelled'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_STATUS_LABELS: Record<ActivityStatus, string> = {
  planned: 'Planifiée',
  in_progress: 'En cours',
  completed: 'Terminée',
  cancelled: 'Annulée',
};

export const REGISTRATION_STATUSES = ['registered', 'attended', 'no-show', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  registered: 'Inscrit',
  attended: 'Présent',
  'no-show': 'Absent',
  waitlisted: 'En liste d’attente',
  cancelled: 'Annulé',
};

/** A user's role (the users' table stores it). */
export const USER_ROLES = ['admin', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_ROLE_LABELS: Record<UserRole, string> = { admin: 'Administrateur', viewer: 'Lecture seule' };

/** A newsletter issue's state (the newsletters' table stores it). */
export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];
export const NEWSLETTER_ISSUE_STATUS_LABELS: Record<NewsletterIssueStatus, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmée',
  sending: 'En cours',
  paused: 'En pause',
  sent: 'Envoyée',
  cancelled: 'Annulée',
};

/** Limits shared by the forms and the server: page sizes, and the bounds of every typed value. */
export const LIMITS = {
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** A contact's activities, e-mails and registrations: the page shows this many, then "Voir plus". */
  contactPageSizeDefault: 20,
  webinarDurationMin: 15,
  webinarDurationMax: 240,
  webinarDurationDefault: 60,
  webinarMaxAttendeesMin: 1,
  webinarMaxAttendeesMax: 1000,
  webinarMaxAttendeesDefault: 100,
  passwordMin: 12,
  passwordMax: 128,
  tagMax: 50,
} as const;
