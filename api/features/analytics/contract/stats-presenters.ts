/** The dashboard's figures. */

export function presentLeadStats(stats: { total: number; newLastMonth: number; newPreviousMonth: number; percentageChange: number; newThisMonth: number; toContact: number }) {
  return {
    total: stats.total,
    newLastMonth: stats.newLastMonth,
    newPreviousMonth: stats.newPreviousMonth,
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

export function presentBackupStats(stats: { lastSuccess: { at: Date } | null; lastFailure: { at: Date; message: string } | null }) {
  return {
    lastSuccessAt: stats.lastSuccess ? new Date(stats.lastSuccess.at).toISOString() : null,
    lastFailureAt: stats.lastFailure ? new Date(stats.lastFailure.at).toISOString() : null,
    lastFailureMessage: stats.lastFailure?.message ?? null,
    /** The last scheduled backup failed: the dashboard says so until one succeeds. */
    failing: stats.lastFailure !== null && (stats.lastSuccess === null || stats.lastFailure.at > stats.lastSuccess.at),
  };
}
export type BackupStatsJson = ReturnType<typeof presentBackupStats>;
