import type { Analytics } from '../analytics.ts';
import { iso } from '../../../contract/presenting.ts';

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
