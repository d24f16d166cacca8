/** The dashboard's figures. */

export function presentLeadStats(stats: { total: number; newLastMonth: number; percentageChange: number; newThisMonth: number; toContact: number }) {
  return {
    total: stats.total,
    newLastMonth: stats.newLastMonth,
    percentageChange: stats.percentageChange,
    newThisMonth: stats.newThisMonth,
    toContact: stats.toContact,
  };
}
export type LeadStatsJson = ReturnType<typeof presentLeadStats>;

export function presentWebinarStats(stats: { upcoming: number; registrations: number }) {
  return { upcoming: stats.upcoming, registrations: stats.registrations };
}
export type WebinarStatsJson = ReturnType<typeof presentWebinarStats>;
