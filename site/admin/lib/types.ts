/** Shapes of the API responses the back office reads (API contract, spec section 3). */
import type { ActivityStatus, ActivityType, LeadSource, LeadStatus, LeadType, RegistrationStatus } from '../../../api/schemas/options.ts';

export interface Pagination {
  page: number;
  limit: number;
  total: number;
}

export interface Lead {
  id: number;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  country: string | null;
  city: string | null;
  message: string | null;
  type: LeadType | null;
  source: LeadSource | null;
  status: LeadStatus | null;
  tags: string[] | null;
  assignedTo: number | null;
  lastContactedAt: string | null;
  nextFollowUpAt: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Webinar {
  id: number;
  title: string;
  description: string | null;
  datetime: string;
  duration: number | null;
  location: string | null;
  maxAttendees: number | null;
  registrationUrl: string | null;
  imageUrl: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Registration {
  id: number;
  webinarId: number;
  leadId: number;
  status: RegistrationStatus;
  registeredAt: string;
  lead: { firstName: string; lastName: string | null; email: string; phone: string | null } | null;
}

export interface RegistrationStats {
  total: number;
  registered: number;
  attended: number;
  noShow: number;
}

export interface Activity {
  id: number;
  leadId?: number;
  type: ActivityType;
  title: string;
  description: string | null;
  status: ActivityStatus;
  outcome?: string | null;
  dueDate: string | null;
  scheduledAt?: string | null;
  completedAt: string | null;
  createdAt: string;
}

export interface RecentActivity extends Activity {
  lead: { id: number; firstName: string; lastName: string | null } | null;
}

export interface LeadStats {
  total: number;
  newLastMonth: number;
  percentageChange: number;
  newThisMonth?: number;
  toContact?: number;
}

export interface WebinarStats {
  upcoming: number;
  registrations: number;
}
