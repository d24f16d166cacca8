import type { VisitChannel } from '../../../contract/visit-channels.ts';
import type { AnalyticsPeriod } from '../../../contract/analytics-periods.ts';

export interface VisitDay {
  date: string;
  visits: number;
  visitors: number;
}

export interface VisitSourceFigures {
  channel: VisitChannel;
  source: string;
  medium: string;
  campaign: string;
  visits: number;
  visitors: number;
  /** Contacts created on the period's days whose first touch is this source (decision 116). */
  contacts: number;
}

export interface VisitPageFigures {
  path: string;
  visits: number;
  visitors: number;
}

export interface VisitsReport {
  period: AnalyticsPeriod;
  days: VisitDay[];
  sources: VisitSourceFigures[];
  pages: VisitPageFigures[];
}

/** The visits screen's figures (decision 111): an absent source, medium or campaign is null. */
export function presentVisits(data: VisitsReport) {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    days: data.days.map((day) => ({ date: day.date, visits: day.visits, visitors: day.visitors })),
    sources: data.sources.map((row) => ({
      channel: row.channel,
      source: orNull(row.source),
      medium: orNull(row.medium),
      campaign: orNull(row.campaign),
      visits: row.visits,
      visitors: row.visitors,
      contacts: row.contacts,
    })),
    pages: data.pages.map((page) => ({ path: page.path, visits: page.visits, visitors: page.visitors })),
  };
}
export type VisitsJson = ReturnType<typeof presentVisits>;
