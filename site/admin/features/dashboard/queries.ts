/** The dashboard's own calls: the backup facts and the unread host calendars (its other cards read the contacts', webinars' and activities' queries). */
import type { BackupStatsJson } from '#contract/analytics';
import type { UnreadFeedsJson } from '#contract/booking';
import { getJson } from '../../lib/api.ts';
import { adminBase } from '../../lib/http.ts';

export const dashboardQueries = {
  backupStats: () => ({ key: ['backups', 'stats', adminBase()] as const, fetcher: getJson<BackupStatsJson>(`${adminBase()}/stats/backups`) }),
  /** Hosts whose own calendar is unread (their change in Paramètres refreshes `['booking', 'feeds']`). */
  unreadFeeds: () => ({ key: ['booking', 'feeds', adminBase()] as const, fetcher: getJson<UnreadFeedsJson>(`${adminBase()}/stats/booking-feeds`) }),
};
