import { iso } from '../../../contract/presenting.ts';
import type { LeadSource, LeadStatus } from '../../../contract/options.ts';
import type { AnalyticsPeriod } from '../../../contract/analytics-periods.ts';

export interface WeekCounts {
  week: string;
  counts: Record<LeadSource, number>;
  total: number;
}

export interface SessionFigures {
  id: number;
  title: string;
  datetime: Date;
  registrations: number;
  attended: number;
  /** Attended over registrations, in percent (one decimal); null without registrations. */
  attendanceRate: number | null;
}

export interface Analytics {
  period: AnalyticsPeriod;
  from: Date;
  to: Date;
  newContacts: WeekCounts[];
  funnel: { registered: number; attended: number; contactRequested: number; qualified: number };
  sessions: SessionFigures[];
  statuses: { status: LeadStatus; count: number }[];
  calls: CallFigures;
}

/** The discovery calls: per week, those booked (when they were made) and those held or missed (when they took place). */
export interface CallWeek {
  week: string;
  booked: number;
  held: number;
  noShow: number;
}

export interface CallFigures {
  weeks: CallWeek[];
  /** Contacts who signed up for a webinar in the period → booked a call afterwards → whose call was held. */
  funnel: { signedUp: number; booked: number; held: number };
}

/** The series behind every chart of the analytics screen. */
export function presentAnalytics(data: Analytics) {
  return {
    period: data.period,
    from: iso(data.from)!,
    to: iso(data.to)!,
    newContacts: data.newContacts.map((week) => ({ week: week.week, counts: { ...week.counts }, total: week.total })),
    funnel: { ...data.funnel },
    sessions: data.sessions.map((session) => ({
      id: session.id,
      title: session.title,
      datetime: iso(session.datetime)!,
      registrations: session.registrations,
      attended: session.attended,
      attendanceRate: session.attendanceRate,
    })),
    statuses: data.statuses.map((entry) => ({ status: entry.status, count: entry.count })),
    calls: {
      weeks: data.calls.weeks.map((week) => ({ week: week.week, booked: week.booked, held: week.held, noShow: week.noShow })),
      funnel: { signedUp: data.calls.funnel.signedUp, booked: data.calls.funnel.booked, held: data.calls.funnel.held },
    },
  };
}
export type AnalyticsJson = ReturnType<typeof presentAnalytics>;
